// The registry of the app the workbench runs in: `contracts.config.ts` at its root, the working
// directory (npm runs scripts there, and Vite, Storybook and Vitest start there). The package
// never imports the app by path; this is its one read of the app's registry on the Node side.
// A registry that defineContracts refuses throws here, on first import, as a static import would.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { ContractRegistry } from "./registry.ts";

/** The file an app names its contracts in, relative to its root. */
export const REGISTRY_FILE = "contracts.config.ts";

const file = join(process.cwd(), REGISTRY_FILE);
if (!existsSync(file)) {
  throw new Error(
    `no ${REGISTRY_FILE} in ${process.cwd()}: run the command at the app's root, or \`npx contract-workbench init\` to add one.`,
  );
}
const loaded = (await import(pathToFileURL(file).href)) as { default: ContractRegistry };
const registry: ContractRegistry = loaded.default;
export default registry;

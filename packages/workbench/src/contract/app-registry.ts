// The app's `contracts.config.ts`, read from the working directory (where npm, Vite, Storybook and
// Vitest start): the package's one Node-side read of it, as it never imports the app by path.
// A registry that defineContracts refuses throws on first import, as a static import would.
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
const { default: registry } = (await import(pathToFileURL(file).href)) as { default: ContractRegistry };
export default registry;

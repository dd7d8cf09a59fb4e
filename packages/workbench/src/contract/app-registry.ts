// Read from the working directory (where npm, Vite, Storybook and Vitest start): the package never imports the app by path.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { ContractRegistry } from "./registry.ts";

const REGISTRY_FILE = "contracts.config.ts";

const file = join(process.cwd(), REGISTRY_FILE);
if (!existsSync(file))
  throw new Error(
    `no ${REGISTRY_FILE} in ${process.cwd()}: run the command at the app's root, or \`npx contract-workbench init\` to add one.`,
  );
const { default: registry } = (await import(pathToFileURL(file).href)) as { default: ContractRegistry };
export default registry;

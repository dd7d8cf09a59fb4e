import { existsSync } from "node:fs";
import { join } from "node:path";

/** The Redocly config the contract is linted with: the app's own `redocly.yaml` if any, else the workbench's. */
export function lintConfigPath(root: string): string {
  const own = join(root, "redocly.yaml");
  return existsSync(own) ? own : join(import.meta.dirname, "redocly.yaml");
}

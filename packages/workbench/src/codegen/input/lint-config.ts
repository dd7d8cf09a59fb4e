import { existsSync } from "node:fs";
import { join } from "node:path";

/**
 * The Redocly config the contract is linted with: the app's own `redocly.yaml` when it has one (a
 * team's rules, as Redocly's CLI would read them), else the workbench's, beside this module.
 */
export function lintConfigPath(root: string): string {
  const own = join(root, "redocly.yaml");
  return existsSync(own) ? own : join(import.meta.dirname, "redocly.yaml");
}

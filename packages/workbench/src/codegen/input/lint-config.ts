import { existsSync } from "node:fs";
import { join } from "node:path";

export function lintConfigPath(root: string): string {
  const own = join(root, "redocly.yaml");
  return existsSync(own) ? own : join(import.meta.dirname, "redocly.yaml");
}

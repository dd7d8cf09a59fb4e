// The compiler rewrites imports but not a file name in a string: the source in the workspace, the JavaScript once installed.
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** `from` is an `import.meta.url`. */
export function packageModule(stem: string, from: string): string {
  const [ts, tsx, js] = [".ts", ".tsx", ".js"].map((extension) => fileURLToPath(new URL(`${stem}${extension}`, from)));
  return [ts!, tsx!].find((source) => existsSync(source)) ?? js!;
}

// The compiler rewrites imports but not a file name in a string: the source in the workspace, the JavaScript once installed.
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** The absolute path of module `stem` relative to `from` (an `import.meta.url`): its `.ts`/`.tsx` source, else its `.js`. */
export function packageModule(stem: string, from: string): string {
  const [ts, tsx, js] = [".ts", ".tsx", ".js"].map((extension) => fileURLToPath(new URL(`${stem}${extension}`, from)));
  return [ts!, tsx!].find((source) => existsSync(source)) ?? js!;
}

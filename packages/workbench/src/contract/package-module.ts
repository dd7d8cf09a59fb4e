// A module of the package found beside another at run time (a worker's script, a page Storybook
// indexes): the TypeScript source in the workspace, the compiled JavaScript once installed, where
// the compiler rewrote the imports but not a file name in a string.
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

/**
 * The absolute path of the module `stem` (no extension) relative to `from` (an `import.meta.url`):
 * its `.ts` or `.tsx` source when there is one, else its compiled `.js`.
 */
export function packageModule(stem: string, from: string): string {
  const [ts, tsx, js] = [".ts", ".tsx", ".js"].map((extension) => fileURLToPath(new URL(`${stem}${extension}`, from)));
  return [ts!, tsx!].find((source) => existsSync(source)) ?? js!;
}

import { join, sep } from "node:path";
import { CACHE_FOLDER } from "./scratch-folder.ts";

/**
 * What the dev servers (`npm run dev`, `npm start`) leave unwatched: `.cache/`, where the tests
 * and benchmarks make their scratch copies of the repository. Vite reloads every page it serves
 * when a file named `tsconfig.json` appears, changes or goes anywhere it watches, and each
 * scratch copy brings one: without this, a designer's open Storybook reloaded, story and all,
 * whenever `npm test` ran beside it. A function, not a glob: the root's path may hold glob
 * characters, and a scratch copy's own dev server (its root inside `.cache/`) must still watch
 * its own files.
 *
 * @example
 * defineConfig({ server: { watch: { ignored: [ignoreScratchCopies(root)] } } });
 */
export function ignoreScratchCopies(root: string): (path: string) => boolean {
  const scratch = join(root, CACHE_FOLDER);
  return (path) => path === scratch || path.startsWith(scratch + sep);
}

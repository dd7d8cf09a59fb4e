import { mkdirSync, mkdtempSync } from "node:fs";
import { join } from "node:path";

/**
 * The repository's ignored folder for what the tests and benchmarks make (scratch copies,
 * reports, logs). The dev servers leave it unwatched (dev-watch.ts); a fresh clone has none.
 */
export const CACHE_FOLDER = ".cache";

/**
 * A new, empty scratch folder `<root>/.cache/<prefix>XXXXXX`, with `.cache/` itself made
 * first when a fresh clone has none yet.
 *
 * @example
 * const scratch = makeScratchFolder(REPO, "bench-api-");
 */
export function makeScratchFolder(root: string, prefix: string): string {
  mkdirSync(join(root, CACHE_FOLDER), { recursive: true });
  return mkdtempSync(join(root, CACHE_FOLDER, prefix));
}

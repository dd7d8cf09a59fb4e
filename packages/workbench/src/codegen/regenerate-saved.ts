// A saved contract regenerated as `npm run api` would, for the watchers of `npm run dev` and
// `npm start` (./vite-plugin-contract.ts) and of `npm run mock`: the same outputs, the same located
// problems, and the last good generated files kept when the save is refused.
import { watch } from "chokidar";
import { join, relative } from "node:path";
import type { NamedContract } from "../contract/registry.ts";
import type { Problem } from "./input/contract-error.ts";

/** How long the contract must be quiet before it is regenerated (editors save in bursts). */
export const DEBOUNCE_MS = 200;

export type SavedOutcome = { written: string[]; warnings: string[]; summary: string } | { problems: Problem[] };

/** Regenerates one contract after a save of `changed` (relative to the root): what it wrote, or why it refused. */
export async function regenerateSaved(root: string, contract: NamedContract, changed: string): Promise<SavedOutcome> {
  // Loaded on first use: the generator's dependencies are large and most starts never need them.
  const { ContractError } = await import("./input/contract-error.ts");
  try {
    const [{ regenerate, writeOutputs, formatWarnings }, { summarizeChanges }] = await Promise.all([
      import("./regenerate.ts"),
      import("./contract-diff.ts"),
    ]);
    const result = await regenerate(root, { contracts: [contract] });
    // The summary is made before anything is written, and cannot fail the run.
    const summary = result.manifests
      .map(({ before, after }) => {
        try {
          return summarizeChanges(before, after);
        } catch {
          return ""; // a manifest in an older format: nothing to compare with
        }
      })
      .join("");
    const written = await writeOutputs(root, result.outputs, result.stamps);
    return { written, warnings: formatWarnings(result.warnings, false), summary };
  } catch (error) {
    return {
      problems:
        error instanceof ContractError
          ? error.problems
          : [{ severity: "error", file: changed, message: `unexpected failure: ${String(error)}` }],
    };
  }
}

/**
 * Regenerates the contract whenever a file of its source (its folder, or its one file) is saved:
 * a burst of saves is one run, runs go one at a time in save order, and `onSaved` hears each
 * outcome. chokidar, not `fs.watch`: Node's recursive watch on Linux loses a file that an editor
 * saves by renaming a new one over it. Returns the stop function.
 *
 * @example
 * const stop = watchSavedContract(root, productContract(registry), (outcome) => console.log(outcome));
 */
export function watchSavedContract(
  root: string,
  contract: NamedContract,
  onSaved: (outcome: SavedOutcome, changed: string) => void,
): () => void {
  let timer: NodeJS.Timeout | undefined;
  let queue = Promise.resolve();
  const watcher = watch(join(root, contract.source), { ignoreInitial: true });
  watcher.on("error", (error) => console.error(`${contract.source}: cannot watch it: ${String(error)}`));
  watcher.on("all", (_, path) => {
    const changed = relative(root, path);
    clearTimeout(timer);
    timer = setTimeout(() => {
      queue = queue
        .then(() => regenerateSaved(root, contract, changed))
        .then((outcome) => onSaved(outcome, changed))
        // A listener that throws must not stop the next save's run.
        .catch((error: unknown) => console.error(`${changed}: the save's outcome was not shown: ${String(error)}`));
    }, DEBOUNCE_MS);
  });
  return () => {
    clearTimeout(timer);
    void watcher.close();
  };
}

import { watch } from "chokidar";
import { existsSync } from "node:fs";
import { join, relative } from "node:path";
import type { NamedContract } from "../contract/registry.ts";
import type { Problem } from "./input/contract-error.ts";

/** How long the contract must be quiet before it is regenerated (editors save in bursts). */
export const DEBOUNCE_MS = 200;

/** `waitedFor`: the pid of another process whose regeneration this one waited for (and so found done). */
export type SavedOutcome =
  { written: string[]; warnings: string[]; summary: string; waitedFor?: number } | { problems: Problem[] };

/** Regenerates one contract after a save of `changed` (relative to the root): what it wrote, or why it refused. */
export async function regenerateSaved(root: string, contract: NamedContract, changed: string): Promise<SavedOutcome> {
  // Loaded on first use: the generator's dependencies are large and most starts never need them.
  const { ContractError } = await import("./input/contract-error.ts");
  try {
    const [{ regenerate, writeOutputs, formatWarnings }, { summarizeChanges }, { withRegenerationLock }] =
      await Promise.all([import("./regenerate.ts"), import("./contract-diff.ts"), import("./regeneration-lock.ts")]);
    let waitedFor: number | undefined;
    return await withRegenerationLock(
      root,
      async () => {
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
        return { written, warnings: formatWarnings(result.warnings, false), summary, waitedFor };
      },
      (pid) => (waitedFor = pid),
    );
  } catch (error) {
    return {
      problems:
        error instanceof ContractError
          ? error.problems
          : [{ severity: "error", file: changed, message: `unexpected failure: ${String(error)}` }],
    };
  }
}

/** A watcher's events as runs, one per burst, naming its last file still there (an editor's temporary one is gone). */
export function saveRuns(
  root: string,
  run: (changed: string) => Promise<void> | void,
  onError: (error: unknown) => void,
) {
  let timer: NodeJS.Timeout | undefined;
  let queue = Promise.resolve();
  let burst: string[] = [];
  return {
    add(path: string): void {
      burst.push(path);
      clearTimeout(timer);
      timer = setTimeout(() => {
        const named = burst.findLast((file) => existsSync(file)) ?? path;
        burst = [];
        queue = queue.then(() => run(relative(root, named))).catch(onError);
      }, DEBOUNCE_MS);
    },
    stop(): void {
      clearTimeout(timer);
    },
  };
}

/** Regenerates the contract whenever a file of its source is saved; `onSaved` hears each outcome. */
// chokidar, not `fs.watch`: Node's recursive watch on Linux loses a file saved by a rename over it.
export function watchSavedContract(
  root: string,
  contract: NamedContract,
  onSaved: (outcome: SavedOutcome, changed: string) => void,
): () => void {
  const runs = saveRuns(
    root,
    async (changed) => onSaved(await regenerateSaved(root, contract, changed), changed),
    (error) => console.error(`${contract.source}: a save's outcome was not shown: ${String(error)}`),
  );
  const watcher = watch(join(root, contract.source), { ignoreInitial: true });
  watcher.on("error", (error) => console.error(`${contract.source}: cannot watch it: ${String(error)}`));
  watcher.on("all", (_, path) => runs.add(path));
  return () => {
    runs.stop();
    void watcher.close();
  };
}

import { join } from "node:path";
import type { Plugin, ViteDevServer } from "vite";
import registry from "../contract/app-registry.ts";
import { productContract } from "../contract/registry.ts";
import type { Problem } from "./input/contract-error.ts";
import { regenerateSaved, saveRuns } from "./regenerate-saved.ts";

interface Options {
  /** The project root (where openapi/ and scripts/ are). */
  root: string;
}

/**
 * Watch mode for the product's contract (the registry's `product` entry), in `npm start`
 * (Storybook) and `npm run dev`: saving any file under its folder (openapi/) regenerates (debounced) and reloads the open pages. A broken
 * save prints the same located message as `npm run api`, shows it in the browser's
 * error overlay and keeps the last good output; the next good save recovers.
 *
 * @example
 * plugins: [contractWatch({ root: import.meta.dirname })]
 */
export function contractWatch({ root }: Options): Plugin {
  return {
    name: "contract-watch",
    apply: "serve",
    configureServer(server) {
      // Test runs start Vite servers too; they must never rewrite the sources under test.
      if (process.env.VITEST) return;
      const contractDir = join(root, productContract(registry).source);
      server.watcher.add(contractDir);
      let failure: Problem[] | undefined;
      // A run that fails unexpectedly is logged and never stops watching (nor crashes the dev server).
      const runs = saveRuns(
        root,
        async (changed) => {
          failure = await regenerateNow(server, root, changed);
        },
        (error) => server.config.logger.error(`api: watch failed: ${String(error)}`),
      );
      const schedule = (file: string) => {
        if (file === contractDir || file.startsWith(`${contractDir}/`)) runs.add(file);
      };
      server.watcher.on("change", schedule);
      server.watcher.on("add", schedule);
      server.watcher.on("unlink", schedule);
      // A page opened (or reloaded) while the contract is broken still sees why.
      server.ws.on("connection", () => {
        if (failure) sendOverlay(server, failure);
      });
    },
  };
}

/** Regenerates the product's contract; returns the problems when it failed. */
async function regenerateNow(server: ViteDevServer, root: string, changed: string): Promise<Problem[] | undefined> {
  const logger = server.config.logger;
  const outcome = await regenerateSaved(root, productContract(registry), changed);
  if ("problems" in outcome) {
    const { formatProblem } = await import("./input/contract-error.ts");
    for (const problem of outcome.problems) logger.error(`api: ${formatProblem(problem)}`, { timestamp: true });
    logger.error("api: kept the last good generated files; save a fixed contract to regenerate.");
    sendOverlay(server, outcome.problems);
    return outcome.problems;
  }
  for (const line of outcome.warnings) logger.warn(`api: ${line}`);
  const what =
    outcome.written.length > 0 ? `wrote ${outcome.written.join(", ")}` : "generated files already up to date";
  logger.info(`api: ${changed} changed; ${what}`, { timestamp: true });
  if (outcome.summary) logger.info(outcome.summary);
  server.ws.send({ type: "full-reload" });
  return undefined;
}

function sendOverlay(server: ViteDevServer, problems: Problem[]): void {
  const [first] = problems;
  if (!first) return;
  const lines = problems.map((problem) => {
    const where = `${problem.file}${problem.line ? `:${problem.line}:${problem.column ?? 1}` : ""}`;
    return [where, problem.message, problem.fix ? `fix: ${problem.fix}` : ""].filter(Boolean).join("\n  ");
  });
  server.ws.send({
    type: "error",
    err: {
      message: `The API contract is invalid; the last good generated files are kept.\n\n${lines.join("\n\n")}`,
      stack: "",
      plugin: "contract-watch",
      id: first.file,
      ...(first.line ? { loc: { file: first.file, line: first.line, column: first.column ?? 1 } } : {}),
    },
  });
}

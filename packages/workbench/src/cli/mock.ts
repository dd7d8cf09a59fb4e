/** `npm run mock`: a contract's fixtures over HTTP; a saved contract is regenerated and reloaded, as in dev. */
import module from "node:module";

module.enableCompileCache?.();

const root = process.cwd();
const { isLoopback, parseServeArgs, UsageError, USAGE } = await import("../serve/options.ts");

try {
  const options = parseServeArgs(process.argv.slice(2));
  const { createMockServer } = await import("../serve/server.ts");
  const mock = createMockServer({ root, contract: options.contract, scenario: options.scenario });
  if (!isLoopback(options.host))
    console.warn(
      `mock: warning: listening on ${options.host}, which other machines may reach; the default is 127.0.0.1.`,
    );
  const url = await mock.listen(options.port, options.host);
  const { entry, manifest } = mock.served;
  console.log(
    `mock: ${entry.name} (${manifest.title}, ${manifest.operations.length} operations) at ${url}, scenario ${options.scenario}; POST ${url}/__workbench/reset empties the store.`,
  );
  // A saved contract is regenerated as `npm run api` would; its generated files rewritten (by anyone) reload the answers.
  const { watchSavedContract } = await import("../codegen/regenerate-saved.ts");
  const { formatProblem } = await import("../codegen/input/contract-error.ts");
  const stopRegenerating = watchSavedContract(root, entry, (outcome, changed) => {
    if ("problems" in outcome) {
      for (const problem of outcome.problems) console.error(`mock: ${formatProblem(problem)}`);
      console.error(`mock: ${changed} was saved but cannot be generated; still serving the contract before.`);
      return;
    }
    for (const line of outcome.warnings) console.warn(`mock: ${line}`);
    if (outcome.waitedFor !== undefined)
      console.log(`mock: ${changed} saved; another process (pid ${outcome.waitedFor}) regenerated it.`);
    else if (outcome.written.length === 0) console.log(`mock: ${changed} saved; the generated files are unchanged.`);
  });
  const stopWatching = mock.watch((outcome) => {
    if ("error" in outcome)
      console.error(`mock: the contract changed but cannot be read (${outcome.error}); still serving the one before.`);
    else
      console.log(
        `mock: the contract changed: serving ${outcome.served.manifest.operations.length} operations; the store starts again from its seed.`,
      );
  });
  let closing = false;
  const stop = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    stopRegenerating();
    stopWatching();
    console.log(`mock: ${signal}: closing.`);
    void mock.close().then(() => process.exit(signal === "SIGINT" ? 130 : 0));
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
} catch (error) {
  if (error instanceof UsageError) {
    console.error(`mock: ${error.message}\n${USAGE}`);
  } else {
    const code = (error as NodeJS.ErrnoException).code;
    console.error(
      `mock: cannot start: ${code === "EADDRINUSE" ? "the port is in use; choose another with --port." : error instanceof Error ? error.message : String(error)}`,
    );
  }
  process.exitCode = 1;
}

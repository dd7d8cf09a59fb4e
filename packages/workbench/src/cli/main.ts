#!/usr/bin/env node
// The package's one bin: it only picks the command, so an adopting app and this repository run the same code.
import { existsSync } from "node:fs";
import { enableCompileCache } from "node:module";
import { join, sep } from "node:path";

const COMMANDS = {
  init: { file: "./init.ts", what: "add the workbench to this Vite + React + TypeScript app" },
  api: { file: "./api.ts", what: "generate types, manifests and fixtures from the registry's contracts" },
  check: {
    file: "./api.ts",
    what: "fail when a generated file differs from what `api` would write",
    args: ["--check"],
  },
  coverage: { file: "./contract-coverage.ts", what: "report which operation × status pairs the tests reached" },
  probe: { file: "./contract-probe.ts", what: "check a running server's answers against the contract" },
  import: { file: "./fixtures-import.ts", what: "turn a HAR file's answers into recorded fixtures" },
  test: { file: "./test.ts", what: "run the app's suite: check, its tests and stories (vitest run), coverage" },
  mock: { file: "./mock.ts", what: "serve the contract's fixtures over HTTP" },
  mcp: { file: "./mcp.ts", what: "answer a coding agent's questions about the contracts (stdio)" },
  paging: { file: "./api-paging.ts", what: "print how each list operation of a contract pages" },
  resources: { file: "./fixtures-resources.ts", what: "print the resources the stateful fixtures find" },
} as const satisfies Record<string, { file: string; what: string; args?: readonly string[] }>;

type Command = keyof typeof COMMANDS;

// An MCP host that cannot set the working directory still reaches the app: the folder holding the bin's node_modules.
const invoked = process.argv[1] ?? "";
const modules = `${sep}node_modules${sep}`;
if (!existsSync(join(process.cwd(), "package.json")) && invoked.includes(modules))
  process.chdir(invoked.slice(0, invoked.indexOf(modules)));

// Each command starts sooner; Node checks each entry against its module's source, so no stale code runs.
enableCompileCache();

function usage(): string {
  const width = Math.max(...Object.keys(COMMANDS).map((name) => name.length));
  const lines = Object.entries(COMMANDS).map(([name, { what }]) => `  ${name.padEnd(width)}  ${what}`);
  return ["usage: contract-workbench <command> [options]", "", ...lines].join("\n");
}

const [command, ...rest] = process.argv.slice(2);
if (command === undefined || command === "--help" || command === "-h" || command === "help") {
  console.log(usage());
} else if (!Object.hasOwn(COMMANDS, command)) {
  console.error(`contract-workbench: unknown command "${command}".\n${usage()}`);
  process.exitCode = 1;
} else {
  const chosen: { file: string; args?: readonly string[] } = COMMANDS[command as Command];
  // The commands read their options from process.argv, as a script run on its own would.
  process.argv = [process.argv[0] ?? "node", `contract-workbench ${command}`, ...(chosen.args ?? []), ...rest];
  // A command that cannot load (the app's registry missing or refused) is one line, no stack trace.
  await import(chosen.file).catch((error: unknown) => {
    console.error(`contract-workbench ${command}: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  });
}

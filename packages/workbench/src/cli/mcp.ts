/** `npm run mcp`: the MCP server over stdio. Stdout carries the protocol only: every log line goes to stderr. */
import module from "node:module";
import { format } from "node:util";

// V8's code cache: a host starts the server often, and the modules below are large.
module.enableCompileCache?.();

const root = process.cwd();

// Before any module that may log is loaded: console.log and console.info would write to stdout.
for (const method of ["log", "info", "debug", "warn", "error"] as const) {
  console[method] = (...args: unknown[]) => process.stderr.write(`${format(...args)}\n`);
}

if (process.argv.length > 2) {
  console.error(
    `mcp: takes no arguments (given ${process.argv.slice(2).join(" ")}); a host starts it as \`npm run --silent mcp\`.`,
  );
  process.exit(1);
}

try {
  const { StdioServerTransport } = await import("@modelcontextprotocol/sdk/server/stdio.js");
  const { createWorkbenchServer } = await import("../mcp/server.ts");
  const server = createWorkbenchServer(root);
  await server.connect(new StdioServerTransport());
  console.error(`mcp: serving the contracts of ${root} over stdio.`);
} catch (error) {
  console.error(`mcp: cannot start: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}

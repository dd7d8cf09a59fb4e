// The workbench's MCP server as an agent's host reaches it: the SDK's own client over stdio,
// spawning the command the host is configured with (.mcp.json), in the folder it names. One
// server per test file, reused by its tests.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { getDefaultEnvironment, StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";

/** One tool call's answer: its text, parsed when it is JSON, and whether it is an error. */
export interface ToolAnswer<T> {
  isError: boolean;
  text: string;
  json: T;
}

export interface WorkbenchClient {
  client: Client;
  /** Calls a tool; the answer's first text, parsed as JSON when it parses. */
  call<T = Record<string, unknown>>(name: string, args?: Record<string, unknown>): Promise<ToolAnswer<T>>;
  /** A prompt's messages' text, joined. */
  prompt(name: string, args: Record<string, string>): Promise<string>;
  /** What the server wrote to stderr so far (its logs). */
  stderr(): string;
  /** Transport errors: a line on stdout that is not the protocol would be one. */
  errors: Error[];
  close(): Promise<void>;
}

/**
 * Starts the server with `command` in `cwd` and connects to it.
 *
 * @example
 * const mcp = await connectWorkbench({ command: "npm", args: ["run", "--silent", "mcp"], cwd: REPO });
 * (await mcp.call("list_operations", { text: "pet" })).json;
 */
export async function connectWorkbench(options: {
  command: string;
  args: string[];
  cwd: string;
  env?: Record<string, string>;
}): Promise<WorkbenchClient> {
  const transport = new StdioClientTransport({
    command: options.command,
    args: options.args,
    cwd: options.cwd,
    // What a host passes (the SDK's safe defaults: PATH, HOME…), and what the test adds.
    env: { ...getDefaultEnvironment(), ...options.env },
    stderr: "pipe",
  });
  let stderr = "";
  transport.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const client = new Client({ name: "workbench-test-host", version: "1.0.0" });
  const errors: Error[] = [];
  client.onerror = (error) => errors.push(error);
  await client.connect(transport);
  return {
    client,
    async call<T>(name: string, args: Record<string, unknown> = {}): Promise<ToolAnswer<T>> {
      const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
      const first = result.content[0];
      const text = first?.type === "text" ? first.text : "";
      let json: unknown = undefined;
      try {
        json = JSON.parse(text);
      } catch {
        // An error's message is plain text.
      }
      return { isError: result.isError === true, text, json: json as T };
    },
    async prompt(name: string, args: Record<string, string>): Promise<string> {
      const { messages } = await client.getPrompt({ name, arguments: args });
      return messages.map((message) => (message.content.type === "text" ? message.content.text : "")).join("\n");
    },
    stderr: () => stderr,
    errors,
    close: () => client.close(),
  };
}

// The workbench's MCP server. Safe by default: every tool reads, except regenerate and probe (see README).
import { McpServer, ResourceTemplate } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { ReadResourceResult } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import { METHODS } from "@contract-workbench/runtime/manifest";
import { SCENARIO_NAMES } from "../fixtures/scenarios.ts";
import { coverageGaps } from "./coverage-gaps.ts";
import { createContractReader } from "./contracts.ts";
import { lastDriftReport, runProbe, AUTHORIZATION_VARIABLE } from "./drift-report.ts";
import { createFixtureAnswers } from "./fixture-answer.ts";
import { describeOperation, listOperations, readSchema } from "./operations.ts";
import { regenerateContracts } from "./regeneration.ts";
import { contractFile, documentFile, manifestFile, mimeTypeOf, readText, textPart } from "./resources.ts";
import { failureResult, jsonResult } from "./results.ts";
import { screenPrompt } from "./screen-prompt.ts";

export const SERVER_NAME = "contract-workbench";

const nonEmpty = z.string().min(1);
const contract = nonEmpty
  .optional()
  .describe(
    "A contract of the registry (contracts.config.ts): list_contracts names them. Default: every contract, or the one that has the operation.",
  );
const operationId = nonEmpty.describe("The operation's operationId, as the contract (and list_operations) names it.");
const offset = z
  .number()
  .int()
  .min(0)
  .default(0)
  .describe("How many matches to skip (a previous answer's `next.offset`).");
const limit = (most: number) =>
  z.number().int().min(1).max(most).default(50).describe(`How many to answer with (at most ${most}).`);
const statusArgument = z
  .union([
    z.string().regex(/^([1-5]\d\d|[1-5]XX|default)$/i, "a status is a code (404), a class (4XX) or default"),
    z.number().int().min(100).max(599),
  ])
  .describe('A status the operation declares: 200, 404, "4XX", "default".');

const READ_ONLY = { readOnlyHint: true, openWorldHint: false } as const;

/** The server, its tools, resources and prompt registered, for the repository at `root`. */
export function createWorkbenchServer(root: string, version = "0.0.0"): McpServer {
  const contracts = createContractReader(root);
  const answers = createFixtureAnswers(root, contracts);
  const server = new McpServer(
    { name: SERVER_NAME, version },
    {
      instructions:
        "The project's API contracts (OpenAPI) and what its workbench derives from them. Find operations with list_operations, " +
        "read one with describe_operation (its hook call and types included), ask fixture_answer what the mocks send for a status " +
        "or scenario, coverage_gaps which states no story shows yet, and use the build-screen prompt to write a screen. " +
        "Never invent types or data: they come from the contract.",
    },
  );

  server.registerTool(
    "list_contracts",
    {
      title: "The registry's contracts",
      description:
        "Every contract of the registry (contracts.config.ts): its role (product, service, test), document, title, version and operation count.",
      annotations: READ_ONLY,
    },
    () =>
      jsonResult(
        contracts.entries.map((entry) => {
          const loaded = contracts.tryLoad(entry.name);
          return {
            name: entry.name,
            role: entry.role,
            source: entry.source,
            generated: entry.generated,
            fixtures: entry.fixtures,
            ...(loaded
              ? {
                  title: loaded.manifest.title,
                  version: loaded.manifest.version,
                  openapi: loaded.manifest.openapi,
                  operations: loaded.manifest.operations.length,
                }
              : { note: "not generated yet: run the regenerate tool" }),
          };
        }),
      ),
  );

  server.registerTool(
    "list_operations",
    {
      title: "List and search operations",
      description:
        "The operations of the registry's contracts (or of one), filtered by text (every word in the operationId, summary, path or tags), tag, path (a part of it) and method; a page at a time.",
      inputSchema: {
        contract,
        text: z.string().optional().describe('Words each operation must mention: "pet by id".'),
        tag: z.string().optional().describe("One of the operation's tags, exactly (case aside)."),
        path: z.string().optional().describe('A part of the operation\'s path: "/pet/".'),
        method: z
          .string()
          .transform((value) => value.toLowerCase())
          .pipe(z.enum(METHODS, `a method is one of ${METHODS.join(", ")}`))
          .optional()
          .describe("GET, POST, …"),
        offset,
        limit: limit(200),
      },
      annotations: READ_ONLY,
    },
    (args) => jsonResult(listOperations(contracts, args)),
  );

  server.registerTool(
    "describe_operation",
    {
      title: "Describe one operation",
      description:
        "One operation as a screen needs it: method, path, parameters, request and response schemas (large ones summarised, with the pointer read_schema reads), response headers, the generated TypeScript types, the hook call to use and its paging record.",
      inputSchema: { operationId, contract },
      annotations: READ_ONLY,
    },
    ({ operationId: id, contract: name }) => jsonResult(describeOperation(contracts, id, name)),
  );

  server.registerTool(
    "read_schema",
    {
      title: "Read a schema by its pointer",
      description:
        "The part of a contract's schemas (JSON Schema 2020-12, as contract.json holds them) at a JSON pointer: a `pointer` or `$pointer` another answer gave (with its `$offset`, for the rest of a long one), or #/components/schemas/<name>.",
      inputSchema: {
        contract: nonEmpty.describe("The contract the pointer is in."),
        pointer: nonEmpty.describe("A JSON pointer: #/components/schemas/Pet, #/operations/getPet/responses/200."),
        offset: offset.describe(
          "For an object or array too large for one answer: the entry to start at (an answer's `$offset`).",
        ),
      },
      annotations: READ_ONLY,
    },
    ({ contract: name, pointer, offset: from }) => jsonResult(readSchema(contracts, name, pointer, from)),
  );

  server.registerTool(
    "fixture_answer",
    {
      title: "What the mocks answer",
      description:
        "The answer the contract's fixtures send for an operation, exactly as Storybook, the tests and `npm run dev` receive it (status, headers, body): for a declared status, in a scenario, or a named example; with the one-line override a story writes to get it.",
      inputSchema: {
        operationId,
        contract,
        status: statusArgument
          .optional()
          .describe(
            'A declared status (200, 404, "4XX", "default"); without it, the scenario picks the status as the mocks do.',
          ),
        scenario: z
          .enum(SCENARIO_NAMES)
          .default("default")
          .describe(`The fixtures' scenario: ${SCENARIO_NAMES.join(", ")}.`),
        example: z
          .string()
          .min(1)
          .optional()
          .describe("The name of one of the contract's examples for the status (its `examples` entry)."),
      },
      annotations: READ_ONLY,
    },
    async (args) => jsonResult(await answers.answer(args)),
  );

  server.registerTool(
    "coverage_gaps",
    {
      title: "Coverage gaps",
      description:
        "The operation × status pairs no hand-written story or test exercised in the last recorded run (as `npm run coverage:contract` counts them), each with where a story for it would go and the override that puts a story in that state.",
      inputSchema: {
        contract: nonEmpty.optional().describe("The product's contract (the default) or one of its services."),
        operationId: operationId.optional(),
        offset,
        limit: limit(200),
      },
      annotations: READ_ONLY,
    },
    (args) => jsonResult(coverageGaps(root, contracts, args)),
  );

  server.registerTool(
    "regenerate",
    {
      title: "Regenerate (npm run api)",
      description:
        "Runs `npm run api`: regenerates every contract's types, manifest, schemas and fixtures module, all or nothing, and answers with the located errors or warnings and what changed. With check: true, `npm run api:check`: reports stale files and writes nothing.",
      inputSchema: {
        check: z.boolean().default(false).describe("Only check that the committed generated files are current."),
      },
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    },
    async ({ check }) => {
      const result = await regenerateContracts(root, { check });
      return result.ok ? jsonResult(result) : failureResult(result);
    },
  );

  server.registerTool(
    "drift_report",
    {
      title: "The last drift report",
      description:
        "What the last probe of a contract's real server found (kept in .cache/drift/<contract>.json): each disagreement with its operation, status, place and pointer.",
      inputSchema: { contract: nonEmpty.optional().describe("The contract probed (default: the product's).") },
      annotations: READ_ONLY,
    },
    ({ contract: name }) => jsonResult(lastDriftReport(root, contracts, name)),
  );

  server.registerTool(
    "probe",
    {
      title: "Probe a real server",
      description: `Calls the safe operations (GET, HEAD, QUERY) of a contract on the server at the URL given, and only there (no redirect followed), within contract:probe's budget, timeout and concurrency, and checks every answer against the contract. The Authorization header comes from ${AUTHORIZATION_VARIABLE} in the server's environment and is never shown. Keeps the report for drift_report.`,
      inputSchema: {
        url: nonEmpty.describe("The server's base URL: http://127.0.0.1:4010, https://api.example.com/v1."),
        contract: nonEmpty.optional().describe("The contract to probe with (default: the product's)."),
        budget: z.number().int().min(1).max(200).optional().describe("At most this many requests (200)."),
        timeoutMs: z.number().int().min(100).max(10_000).optional().describe("Per request, body included (10000)."),
        concurrency: z.number().int().min(1).max(4).optional().describe("Requests at a time (4)."),
      },
      annotations: { readOnlyHint: true, openWorldHint: true },
    },
    async (args) => jsonResult(await runProbe(root, contracts, args)),
  );

  const names = () => contracts.entries.map((entry) => entry.name);
  type Variable = string | string[] | undefined;
  /** The part `number` (the first when none is asked for) of a repository file. */
  const part = (uri: URL, file: string, number?: Variable): ReadResourceResult => {
    const cut = textPart(readText(root, file), Number(Array.isArray(number) ? number[0] : (number ?? "1")));
    const next = cut.part < cut.parts ? `?part=${cut.part + 1}` : null;
    return {
      contents: [{ uri: uri.href, mimeType: mimeTypeOf(file), text: cut.text }],
      ...(cut.parts > 1 ? { _meta: { file, part: cut.part, parts: cut.parts, next } } : {}),
    };
  };
  const entryOf = (value: Variable) => contracts.entry(String(Array.isArray(value) ? value[0] : value));
  const document = async (uri: URL, name: Variable, number?: Variable) =>
    part(uri, await documentFile(root, entryOf(name)), number);
  const manifest = (uri: URL, name: Variable, number?: Variable) =>
    part(uri, manifestFile(root, contracts.load(entryOf(name).name).entry), number);

  server.registerResource(
    "contract-document",
    new ResourceTemplate("contract://{name}/document", {
      list: () => ({
        resources: contracts.entries.map((entry) => ({
          uri: `contract://${entry.name}/document`,
          name: `${entry.name} document`,
          description: `The ${entry.name} contract's document as written (${entry.source}); a long one in parts (?part=2…).`,
        })),
      }),
      complete: { name: () => names() },
    }),
    { description: "A contract's OpenAPI document as written (its entry file)." },
    (uri, { name }) => document(uri, name),
  );
  server.registerResource(
    "contract-document-part",
    new ResourceTemplate("contract://{name}/document{?part}", { list: undefined }),
    { description: "One part of a long contract document." },
    (uri, { name, part: number }) => document(uri, name, number),
  );
  server.registerResource(
    "contract-file",
    new ResourceTemplate("contract://{name}/file/{+path}", { list: undefined }),
    {
      description:
        "Another YAML or JSON file of a contract split across a folder, by its path in that folder (what its $refs name).",
    },
    (uri, { name, path }) => part(uri, contractFile(root, entryOf(name), decodeURIComponent(String(path)))),
  );
  server.registerResource(
    "contract-manifest",
    new ResourceTemplate("contract://{name}/manifest", {
      list: () => ({
        resources: contracts.all().map((loaded) => ({
          uri: `contract://${loaded.entry.name}/manifest`,
          name: `${loaded.entry.name} manifest`,
          mimeType: "application/json",
          description: `The operation manifest \`npm run api\` wrote for ${loaded.entry.name}: ${loaded.manifest.operations.length} operations.`,
        })),
      }),
      complete: { name: () => names() },
    }),
    {
      description:
        "A contract's operation manifest (manifest.json): operations, parameters, statuses, headers, paging.",
      mimeType: "application/json",
    },
    (uri, { name }) => manifest(uri, name),
  );
  server.registerResource(
    "contract-manifest-part",
    new ResourceTemplate("contract://{name}/manifest{?part}", { list: undefined }),
    { description: "One part of a long manifest.", mimeType: "application/json" },
    (uri, { name, part: number }) => manifest(uri, name, number),
  );

  server.registerPrompt(
    "build-screen",
    {
      title: "Build a screen for an operation",
      description:
        "The hook call, the fixture override for each of the operation's states, and a story file with a play function per state, in this repository's conventions.",
      argsSchema: {
        operationId: nonEmpty.describe("The operation the screen shows or sends."),
        contract: z.string().optional().describe("Its contract, when several have that operationId."),
      },
    },
    async ({ operationId: id, contract: name }) => {
      const text = await screenPrompt(contracts, answers, id, name || undefined);
      return { messages: [{ role: "user", content: { type: "text", text } }] };
    },
  );

  return server;
}

import {
  BaseResolver,
  bundle,
  getLineColLocation,
  lintDocument,
  loadConfig,
  type Config,
  type Document,
  YamlParseError,
  type NormalizedProblem,
  type Source,
} from "@redocly/openapi-core";
import { existsSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import {
  astToString,
  resolveRef,
  scanDiscriminators,
  transformSchema,
  type GlobalContext,
  type OpenAPI3,
} from "openapi-typescript";
import { ContractError, type Problem } from "./contract-error.ts";
import { buildContractSchemas } from "./contract-schemas.ts";
import { buildManifest, type Manifest } from "./manifest.ts";

/** A contract (a folder holding `openapi.yaml|yml|json`, or one file) and where its outputs go. */
export interface Target {
  contract: string;
  outDir: string;
}

/**
 * The product's contract, the example contract the tests use to prove that a
 * filled-in contract flows through, and the gallery's test contract (the schema view's
 * stories and the coverage report's tests read it), all kept current by the same command.
 */
export const TARGETS: readonly Target[] = [
  { contract: "openapi", outDir: "src/api" },
  { contract: "tests/example-contract/openapi.yaml", outDir: "tests/example-contract/generated" },
  { contract: "tests/gallery-contract/openapi.yaml", outDir: "tests/gallery-contract/generated" },
  // The identity provider's endpoints the embedded fixtures answer (src/mocks/identity).
  {
    contract: "src/mocks/identity/identity-toolkit.openapi.yaml",
    outDir: "src/mocks/identity/generated",
  },
];

const ENTRY_NAMES = ["openapi.yaml", "openapi.yml", "openapi.json"];

/** What should be fixed for each linter rule, in this project's words. */
const FIXES: Record<string, string> = {
  "operation-operationId": "add an `operationId`: hooks, fixtures and the operation manifest are keyed by it.",
  "operation-operationId-unique": "give each operation its own `operationId`.",
  "operation-operationId-url-safe": "use only letters, digits, `-`, `_` and `.` in `operationId`.",
  "no-unresolved-refs":
    "point the `$ref` at a file and a component that exist (file paths are relative to the file the `$ref` is in).",
  "path-parameters-defined": "declare every `{parameter}` of the path as an `in: path` parameter.",
  struct: "make this node match the OpenAPI specification for its version.",
};

export interface Generated {
  /** Output path (relative to the root) → contents. */
  outputs: Map<string, string>;
  manifest: Manifest;
  warnings: Problem[];
  /** Every file the contract was read from (the entry and the files its `$ref`s reach). */
  sources: string[];
}

/** Finds the entry file of a target's contract, relative to the root. */
export function findEntry(root: string, contract: string): string {
  const full = join(root, contract);
  if (existsSync(full) && statSync(full).isFile()) return contract;
  const present = existsSync(full) ? ENTRY_NAMES.filter((name) => existsSync(join(full, name))) : [];
  if (present.length === 1) return join(contract, present[0] ?? "");
  const expected = ENTRY_NAMES.map((name) => join(contract, name)).join(", ");
  throw new ContractError([
    present.length === 0
      ? {
          severity: "error",
          file: contract,
          message: `no contract found: expected one of ${expected}.`,
          fix: "create openapi/openapi.yaml (see the README).",
        }
      : {
          severity: "error",
          file: contract,
          message: `several contract entry files: ${present.join(", ")}.`,
          fix: "keep one entry file; split the contract into other files referenced with `$ref` instead.",
        },
  ]);
}

/**
 * Redocly parses every file with its YAML parser, JSON included; `JSON.parse` reads a
 * large JSON contract several times faster. A JSON file that does not parse goes to
 * the YAML parser after all, for its located syntax error.
 */
class ContractResolver extends BaseResolver {
  override parseDocument(source: Source, isRoot = false): Document {
    if (source.absoluteRef.endsWith(".json")) {
      try {
        return { source, parsed: JSON.parse(source.body) as unknown };
      } catch (error) {
        // V8 says where: "… in JSON at position 11 (line 2 column 10)".
        const text = message(error);
        const at = /(?:at position \d+ )?\(line (\d+) column (\d+)\)/.exec(text);
        if (at) throw new JsonSyntaxError(text.replace(at[0], "").trim(), Number(at[1]), Number(at[2]));
      }
    }
    return super.parseDocument(source, isRoot);
  }
}

class JsonSyntaxError extends Error {
  readonly line: number;
  readonly column: number;
  constructor(text: string, line: number, column: number) {
    super(text);
    this.line = line;
    this.column = column;
  }
}

const configs = new Map<string, Promise<Config>>();
function lintConfig(root: string): Promise<Config> {
  let config = configs.get(root);
  if (!config) {
    config = loadConfig({ configPath: join(root, "redocly.yaml") });
    configs.set(root, config);
  }
  return config;
}

/**
 * Line and column cost a walk of the file's syntax tree, which adds up to minutes for
 * thousands of warnings on a large contract: only the problems that are printed get them.
 */
function toProblem(root: string, problem: NormalizedProblem, locate: boolean): Problem {
  const location = problem.location[0];
  const lineCol = location && locate ? safeLineCol(location) : undefined;
  return {
    severity: problem.severity === "error" ? "error" : "warning",
    file: location ? relative(root, location.source.absoluteRef) : "",
    line: lineCol?.line,
    column: lineCol?.col,
    pointer: location?.pointer,
    rule: problem.ruleId,
    message: problem.message,
    fix:
      problem.suggest.length > 0
        ? `did you mean ${problem.suggest.map((s) => `\`${s}\``).join(" or ")}?`
        : FIXES[problem.ruleId],
  };
}

function safeLineCol(location: NormalizedProblem["location"][number]) {
  try {
    return getLineColLocation(location).start;
  } catch {
    return undefined; // a pointer into a document that did not parse as an AST
  }
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Reads the entry file; a parse or read failure becomes a located ContractError. */
async function read(root: string, entry: string, resolver: BaseResolver): Promise<Document> {
  let result: Document | Error;
  try {
    result = await resolver.resolveDocument(null, join(root, entry), true);
  } catch (error) {
    result = error instanceof Error ? error : new Error(String(error));
  }
  if ("parsed" in result) return result;
  const cause = (result as { originalError?: unknown }).originalError ?? result;
  if (result instanceof JsonSyntaxError) {
    throw new ContractError([
      {
        severity: "error",
        file: entry,
        line: result.line,
        column: result.column,
        message: `syntax error: ${result.message}`,
        fix: "fix the JSON syntax here (a missing or extra comma, quote or bracket).",
      },
    ]);
  }
  if (result instanceof YamlParseError) {
    // YAML (and so JSON) syntax error; Redocly's line and column are 0-based. js-yaml
    // names the absolute path and repeats the position: both are in the prefix already.
    const firstLine = message(cause)
      .split("\n")[0]
      ?.replace(/ in "[^"]*"/, "")
      .replace(/\s*\(\d+:\d+\)$/, "");
    throw new ContractError(
      [
        {
          severity: "error",
          file: entry,
          line: result.line + 1,
          column: result.col + 1,
          message: `syntax error: ${firstLine}`,
          fix: "fix the YAML/JSON syntax at this line (indentation, quotes, brackets, commas).",
        },
      ],
      { cause },
    );
  }
  const code = (cause as { code?: string }).code;
  throw new ContractError(
    [
      {
        severity: "error",
        file: entry,
        message:
          code === "ENOENT"
            ? "file not found."
            : code === "EACCES"
              ? "file cannot be read (permission denied)."
              : `file cannot be read: ${message(cause).replace(` at ${join(root, entry)}`, "")}`,
        fix: code === "EACCES" ? "make the file readable." : "check that the path names a readable file.",
      },
    ],
    { cause },
  );
}

/** Rejects documents that are not OpenAPI 3.0 or 3.1 before any rule runs on them. */
function checkVersion(entry: string, parsed: unknown): asserts parsed is OpenAPI3 {
  const fail = (text: string, fix: string): never => {
    throw new ContractError([{ severity: "error", file: entry, line: 1, column: 1, message: text, fix }]);
  };
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    fail(
      "not an OpenAPI document: the file does not hold an object.",
      "start the file with `openapi: 3.1.0`, `info` and `paths`.",
    );
  }
  const document = parsed as Record<string, unknown>;
  if ("swagger" in document) {
    fail(
      `Swagger ${String(document.swagger)} is not supported: this project generates from OpenAPI 3.0 or 3.1.`,
      "convert the document to OpenAPI 3 (for example with the swagger2openapi converter) and replace this file with the result.",
    );
  }
  if (!("openapi" in document)) {
    fail(
      "not an OpenAPI document: it has no `openapi` field.",
      "start the file with `openapi: 3.1.0`, `info` and `paths`.",
    );
  }
  if (!/^3\.[01]\.\d+/.test(String(document.openapi))) {
    fail(
      `unsupported OpenAPI version ${String(document.openapi)}: expected 3.0.x or 3.1.x.`,
      "set `openapi` to a 3.0.x or 3.1.x version.",
    );
  }
}

function context(config: Config, schema: OpenAPI3): GlobalContext {
  // openapi-typescript's own defaults (see its openapiTS()), except `exportType`:
  // type aliases (unlike interfaces) satisfy the `Record<string, …>` constraints
  // openapi-fetch and openapi-react-query put on `paths`.
  return {
    additionalProperties: false,
    alphabetize: false,
    arrayLength: false,
    defaultNonNullable: true,
    discriminators: scanDiscriminators(schema, {}),
    emptyObjectsUnknown: false,
    enum: false,
    enumValues: false,
    conditionalEnums: false,
    dedupeEnums: false,
    excludeDeprecated: false,
    exportType: true,
    immutable: false,
    rootTypes: false,
    rootTypesNoSchemaPrefix: false,
    rootTypesKeepCasing: false,
    injectFooter: [],
    pathParamsAsTypes: false,
    postTransform: undefined,
    propertiesRequiredByDefault: false,
    redoc: config,
    silent: true,
    inject: undefined,
    transform: undefined,
    transformProperty: undefined,
    makePathsEnum: false,
    generatePathParams: false,
    readWriteMarkers: false,
    resolve($ref) {
      return resolveRef(schema, $ref, { silent: true });
    },
  };
}

const OPEN_PATHS = "export type paths = Record<string, never>;";
const OPEN_OPERATIONS = "export type operations = Record<string, never>;";

/**
 * openapi-typescript types an empty `paths` as `Record<string, never>`, which
 * openapi-fetch reads as "any path": `client.GET("/anything")` would compile; and
 * `operations` likewise, which the fixtures' `respond("anything", 200)` would accept.
 * An empty object type has no keys, so nothing compiles until the contract has one.
 */
function closeEmptyPaths(types: string): string {
  return types
    .replace(
      OPEN_PATHS,
      "/** The contract has no operations yet: no path can be called or mocked. */\nexport type paths = {};",
    )
    .replace(
      OPEN_OPERATIONS,
      "/** The contract has no operations yet: no operation can be called or mocked. */\nexport type operations = {};",
    );
}

/**
 * Generates every output derived from one contract, in memory: the contract is read
 * once, linted (errors stop here), bundled once, and both outputs come from that
 * bundle. Nothing is written: the caller writes (`npm run api`) or compares
 * (`npm run api:check`).
 *
 * @example
 * const { outputs, warnings } = await generate("/repo", TARGETS[0]);
 * outputs.get("src/api/schema.d.ts"); // the generated TypeScript
 */
/** How many errors are listed (with line and column) before the rest are counted. */
export const ERRORS_LISTED = 20;
/** How many warnings get a line and column unless every warning is wanted. */
export const WARNINGS_LOCATED = 10;

/**
 * Problems that only tools are strict about and that every generator handles: kept
 * visible as warnings so that real-world documents (GitHub's among them) generate
 * unchanged. OpenAPI 3.0 asks for `type` beside `nullable`; openapi-typescript
 * types such a schema as nullable `unknown`.
 */
const TOLERATED = [/The `type` field must be defined when the `nullable` field is used/];

function severityOf(problem: NormalizedProblem): NormalizedProblem["severity"] {
  return problem.ruleId === "struct" && TOLERATED.some((pattern) => pattern.test(problem.message))
    ? "warn"
    : problem.severity;
}

export async function generate(
  root: string,
  target: Target,
  options: { locateAllWarnings?: boolean } = {},
): Promise<Generated> {
  const entry = findEntry(root, target.contract);
  const config = await lintConfig(root);
  const resolver = new ContractResolver(config.resolve);
  const document = await read(root, entry, resolver);
  checkVersion(entry, document.parsed);

  const linted = await lintDocument({ document, config: config.styleguide, externalRefResolver: resolver });
  const errors = linted.filter((problem) => severityOf(problem) === "error");
  if (errors.length > 0) {
    const listed = errors.slice(0, ERRORS_LISTED).map((problem) => toProblem(root, problem, true));
    if (errors.length > ERRORS_LISTED) {
      listed.push({ severity: "error", file: entry, message: `… and ${errors.length - ERRORS_LISTED} more errors.` });
    }
    throw new ContractError(listed);
  }
  const warnings = linted.map((problem, index) => ({
    ...toProblem(root, problem, options.locateAllWarnings === true || index < WARNINGS_LOCATED),
    severity: "warning" as const,
  }));

  const bundled = await bundle({ config, dereference: false, doc: document, externalRefResolver: resolver });
  const bundleErrors = bundled.problems.filter((p) => p.severity === "error").map((p) => toProblem(root, p, true));
  if (bundleErrors.length > 0) throw new ContractError(bundleErrors);
  const schema = bundled.bundle.parsed as OpenAPI3;

  let types: string;
  try {
    types = closeEmptyPaths(astToString(transformSchema(schema, context(config, schema))));
  } catch (error) {
    throw new ContractError([{ severity: "error", file: entry, message: `cannot generate types: ${message(error)}` }], {
      cause: error,
    });
  }
  const manifest = buildManifest(schema);
  const header = `/**\n * Generated by \`npm run api\` from ${entry}. Do not edit by hand:\n * change the contract and regenerate.\n */\n`;
  return {
    outputs: new Map([
      [`${target.outDir}/schema.d.ts`, header + types],
      [`${target.outDir}/manifest.json`, `${JSON.stringify(manifest, null, 2)}\n`],
      [`${target.outDir}/contract.json`, `${JSON.stringify(buildContractSchemas(schema), null, 2)}\n`],
    ]),
    manifest,
    warnings,
    sources: [...new Set([entry, ...[...bundled.fileDependencies].map((file) => relative(root, file))])],
  };
}

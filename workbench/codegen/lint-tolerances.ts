// How `npm run api` reads the linter's verdicts: what to fix for each rule, in this project's
// words, and the problems it tolerates (kept visible as warnings, or summarised) so that
// real-world documents generate unchanged.
import type { NormalizedProblem } from "@redocly/openapi-core";

/** What should be fixed for each linter rule, in this project's words. */
export const FIXES: Record<string, string> = {
  "operation-operationId": "add an `operationId`: hooks, fixtures and the operation manifest are keyed by it.",
  "operation-operationId-unique": "give each operation its own `operationId`.",
  "operation-operationId-url-safe": "use only letters, digits, `-`, `_` and `.` in `operationId`.",
  "no-unresolved-refs":
    "point the `$ref` at a file and a component that exist (file paths are relative to the file the `$ref` is in).",
  "path-parameters-defined": "declare every `{parameter}` of the path as an `in: path` parameter.",
  struct: "make this node match the OpenAPI specification for its version.",
};

/**
 * Problems that only tools are strict about and that every generator handles: kept
 * visible as warnings so that real-world documents (GitHub's among them) generate
 * unchanged. OpenAPI 3.0 asks for `type` beside `nullable`; openapi-typescript
 * types such a schema as nullable `unknown`.
 */
const TOLERATED = [/The `type` field must be defined when the `nullable` field is used/];

export function severityOf(problem: NormalizedProblem): NormalizedProblem["severity"] {
  return problem.ruleId === "struct" && TOLERATED.some((pattern) => pattern.test(problem.message))
    ? "warn"
    : problem.severity;
}

/** The versions whose Schema Object is JSON Schema 2020-12 (3.2's is 3.1's, read by Redocly with 3.1's types). */
const JSON_SCHEMA_VERSIONS = /^3\.[12]/;

/**
 * Structure errors that every generator reads past, each turned into ONE summarised
 * warning instead of one error per occurrence. In OpenAPI 3.1 a Schema Object is JSON
 * Schema 2020-12, where an unknown keyword is allowed; yet documents converted from 3.0
 * keep 3.0's keywords (OpenAI's has 120 `nullable`s): they are read as their authors
 * meant them (`nullable: true` is "or null", a boolean `exclusiveMinimum` qualifies
 * `minimum`). Webhooks are not called by the app, so they need no `operationId`.
 */
export const TOLERANCES: ReadonlyArray<{
  key: string;
  applies: (problem: NormalizedProblem, version: string, pointer: string) => boolean;
  message: (count: number, version: string) => string;
  fix: string;
}> = [
  {
    key: "nullable-in-3.1",
    applies: (problem, version) =>
      JSON_SCHEMA_VERSIONS.test(version) &&
      problem.ruleId === "struct" &&
      /^Property `nullable` is not expected/.test(problem.message),
    message: (count, version) =>
      `${count} schema${count === 1 ? " uses" : "s use"} \`nullable\`, an OpenAPI 3.0 keyword this ${version} document does not define; read as "this type or null" (the first is here).`,
    fix: 'in OpenAPI 3.1 write `type: [string, "null"]` instead of `nullable: true`.',
  },
  {
    key: "boolean-exclusive-bound",
    applies: (problem, _version, pointer) =>
      problem.ruleId === "struct" &&
      /^Expected type `number` but got `boolean`/.test(problem.message) &&
      /\/exclusive(Minimum|Maximum)$/.test(pointer),
    message: (count) =>
      `${count} schema${count === 1 ? " has" : "s have"} a boolean \`exclusiveMinimum\`/\`exclusiveMaximum\` (OpenAPI 3.0's form); read as 3.0 meant it (the first is here).`,
    fix: "in OpenAPI 3.1 write the bound itself: `exclusiveMinimum: 0` instead of `minimum: 0` and `exclusiveMinimum: true`.",
  },
  {
    key: "unknown-keyword-in-3.1",
    applies: (problem, version, pointer) =>
      JSON_SCHEMA_VERSIONS.test(version) &&
      problem.ruleId === "struct" &&
      /^Property `[^`]+` is not expected here/.test(problem.message) &&
      /\/schemas?\//.test(pointer),
    message: (count) =>
      `${count} schema keyword${count === 1 ? " is" : "s are"} unknown to JSON Schema 2020-12; allowed in OpenAPI 3.1 and ignored by the generators (the first is here).`,
    fix: "check the spelling of the keyword (`min_items` is `minItems`), or prefix a custom one with `x-`.",
  },
  {
    key: "webhook-operationId",
    applies: (problem, _version, pointer) =>
      problem.ruleId === "operation-operationId" && pointer.startsWith("#/webhooks/"),
    message: (count) =>
      `${count} webhook${count === 1 ? " has" : "s have"} no \`operationId\`; webhooks are not generated, so they need none (the first is here).`,
    fix: "add an `operationId` to each webhook if other tools need it.",
  },
];

export function tolerance(problem: NormalizedProblem, version: string) {
  if (severityOf(problem) !== "error") return undefined;
  const pointer = problem.location[0]?.pointer ?? "";
  return TOLERANCES.find((candidate) => candidate.applies(problem, version, pointer));
}

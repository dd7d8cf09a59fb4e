import type { NormalizedProblem } from "@redocly/openapi-core";
import { isSchemaKeywordPointer } from "../lowering/schema-keywords.ts";

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

/** The linter's severity, but 3.0's `type` beside `nullable` kept a warning (openapi-typescript types it nullable `unknown`). */
export function severityOf(problem: NormalizedProblem): NormalizedProblem["severity"] {
  return found(problem, "struct", /The `type` field must be defined when the `nullable` field is used/)
    ? "warn"
    : problem.severity;
}

/** Whether the linter's rule `rule` found the problem, its message matching `pattern`. */
function found(problem: NormalizedProblem, rule: string, pattern: RegExp): boolean {
  return problem.ruleId === rule && pattern.test(problem.message);
}

/** The versions whose Schema Object is JSON Schema 2020-12 (3.2's is 3.1's, read by Redocly with 3.1's types). */
const JSON_SCHEMA_VERSIONS = /^3\.[12]/;

/** Problems every generator reads past, each rule one summarised warning rather than an error per occurrence. */
export const TOLERANCES: ReadonlyArray<{
  key: string;
  applies: (problem: NormalizedProblem, version: string, pointer: string) => boolean;
  /** `example`: what the generator made of the first one, when it says more than the count. */
  message: (count: number, version: string, example?: string) => string;
  fix: string;
  /** Said by a check of the generator's own, which reads the files as written (../schemas/contract-checks.ts). */
  silent?: true;
  /** Said once per problem, at its place (`count` 1, `example` what the linter's message names), not once per rule. */
  each?: true;
}> = [
  {
    key: "nullable-in-3.1",
    applies: (problem, version) =>
      JSON_SCHEMA_VERSIONS.test(version) && found(problem, "struct", /^Property `nullable` is not expected/),
    message: (count, version) =>
      `${count} schema${count === 1 ? " uses" : "s use"} \`nullable\`, an OpenAPI 3.0 keyword this ${version} document does not define; read as "this type or null" (the first is here).`,
    fix: 'in OpenAPI 3.1 write `type: [string, "null"]` instead of `nullable: true`.',
  },
  {
    key: "boolean-exclusive-bound",
    applies: (problem, _version, pointer) =>
      found(problem, "struct", /^Expected type `number` but got `boolean`/) &&
      /\/exclusive(Minimum|Maximum)$/.test(pointer),
    message: (count) =>
      `${count} schema${count === 1 ? " has" : "s have"} a boolean \`exclusiveMinimum\`/\`exclusiveMaximum\` (OpenAPI 3.0's form); read as 3.0 meant it (the first is here).`,
    fix: "in OpenAPI 3.1 write the bound itself: `exclusiveMinimum: 0` instead of `minimum: 0` and `exclusiveMinimum: true`.",
  },
  {
    key: "unknown-keyword-in-3.1",
    applies: (problem, version, pointer) =>
      JSON_SCHEMA_VERSIONS.test(version) &&
      found(problem, "struct", /^Property `[^`]+` is not expected here/) &&
      /\/schemas?\//.test(pointer),
    message: (count) =>
      `${count} schema keyword${count === 1 ? " is" : "s are"} unknown to JSON Schema 2020-12; allowed in OpenAPI 3.1 and ignored by the generators (the first is here).`,
    fix: "check the spelling of the keyword (`min_items` is `minItems`), or prefix a custom one with `x-`.",
  },
  {
    key: "unexpected-property",
    applies: (problem) => found(problem, "struct", /^Property `[^`]+` is not expected here/),
    message: (count) =>
      `${count} propert${count === 1 ? "y" : "ies"} the OpenAPI specification does not define where ${count === 1 ? "it is" : "they are"} written (Mailchimp's \`type\` in a discriminator, Google's \`source\` at the root); the generator reads none of them, so ${count === 1 ? "it is" : "they are"} left as written (the first is here).`,
    fix: "remove it, or prefix a property of your own with `x-`.",
  },
  {
    key: "webhook-operationId",
    applies: (problem, _version, pointer) =>
      problem.ruleId === "operation-operationId" && pointer.startsWith("#/webhooks/"),
    message: (count) =>
      `${count} webhook${count === 1 ? " has" : "s have"} no \`operationId\`; webhooks are not generated, so they need none (the first is here).`,
    fix: "add an `operationId` to each webhook if other tools need it.",
  },
  {
    key: "derived-operationId",
    applies: (problem) => problem.ruleId === "operation-operationId",
    message: (count, _version, example) =>
      `${count} operation${count === 1 ? " has" : "s have"} no \`operationId\`; each is named from its method and path${example === undefined ? "" : ` (${example})`}, the name the fixtures, their overrides, the gallery, coverage and the drift check know it by (the first is here).`,
    fix: "nothing to do; to choose a name yourself, add an `operationId` (docs/contract-input.md says how names are derived).",
  },
  {
    key: "duplicate-operationId",
    applies: (problem) => problem.ruleId === "operation-operationId-unique",
    message: (count) => `${count} repeated \`operationId\`s.`,
    fix: "",
    // One located warning per operation renamed, naming the first (../manifest/duplicate-ids.ts).
    silent: true,
  },
  {
    key: "malformed-keyword",
    // A value close to an allowed one (`type: strin`) is a typo, refused with the lint's suggestion.
    applies: (problem, _version, pointer) =>
      problem.ruleId === "struct" &&
      (/^(Expected type `[^`]+` but got `[^`]+`|The value of the \w+ field must be)/.test(problem.message) ||
        (/^`\w+` can be one of the following only/.test(problem.message) && (problem.suggest ?? []).length === 0)) &&
      isSchemaKeywordPointer(pointer),
    message: (count) => `${count} malformed schema keywords.`,
    fix: "",
    silent: true,
  },
  {
    key: "extension-value",
    applies: (problem, _version, pointer) => problem.ruleId === "struct" && /\/x-[^/]*(\/|$)/.test(pointer),
    message: (count) =>
      `${count} specification extension${count === 1 ? " has a value" : "s have values"} of another shape than documentation tools expect (\`x-logo\` as a string, say); extensions are not read by the generator, so ${count === 1 ? "it is" : "they are"} left as written (the first is here).`,
    fix: "nothing to do for this project; Redoc expects `x-logo: { url: … }`.",
  },
  {
    key: "query-template-in-path-key",
    // `/search/articles?query={query}`: a query in a path key, its value a template.
    applies: (problem) => problem.ruleId === "path-parameters-defined" && isQueryTemplate(problem.message),
    message: (count) =>
      `${count} path key${count === 1 ? " carries" : "s carry"} a query whose value is a template (\`?query={query}\`), which OpenAPI does not define; the client fills each from the path parameter of its name and otherwise leaves the pair out, for the query parameter of that name to carry (the first is here).`,
    fix: "take the query out of the path key and declare its parameters `in: query`.",
  },
  {
    key: "undeclared-path-parameter",
    applies: (problem) =>
      found(problem, "path-parameters-defined", /^The operation does not define the path parameter/),
    message: (count) =>
      `${count} operation${count === 1 ? " uses" : "s use"} a path parameter that no \`parameters\` entry declares; each is read as a required string (the first is here).`,
    fix: "declare it: `- { name: …, in: path, required: true, schema: { type: string } }`.",
  },
  {
    key: "unused-path-parameter",
    applies: (problem) => found(problem, "path-parameters-defined", /^Path parameter `[^`]*` is not used in the path/),
    message: (_count, _version, name) =>
      `The path parameter ${name ?? "here"} is declared but the path's template does not use it; the URL is built from the template, so it is left out of the types, the manifest and the fixtures, and no caller sends it.`,
    fix: "remove the parameter, or use it in the path as `{name}`.",
    each: true,
  },
  {
    key: "operationId-not-url-safe",
    applies: (problem) => problem.ruleId === "operation-operationId-url-safe",
    message: (count) =>
      `${count} \`operationId\`${count === 1 ? " holds" : "s hold"} characters a URL cannot carry unescaped (a space, say); kept as written (the first is here).`,
    fix: "nothing to do; tools that put an `operationId` in a URL want letters, digits, `-`, `_` and `.` only.",
  },
];

/** Whether the linter's undefined path parameter is a template in the path key's query (`/search?query={query}`). */
function isQueryTemplate(message: string): boolean {
  const found = /^The operation does not define the path parameter `(\{[^`]+\})` expected by path `([^`]*)`/.exec(
    message,
  );
  const [, template = "", path = ""] = found ?? [];
  const mark = path.split("#")[0]?.indexOf("?") ?? -1;
  return found !== null && mark !== -1 && !path.slice(0, mark).includes(template);
}

export function tolerance(problem: NormalizedProblem, version: string) {
  if (severityOf(problem) !== "error") return undefined;
  const pointer = problem.location[0]?.pointer ?? "";
  return TOLERANCES.find((candidate) => candidate.applies(problem, version, pointer));
}

// One pipeline, as its steps share the Redocly config, the entry path and the error shape.
import {
  type BaseResolver,
  bundle,
  lintDocument,
  loadConfig,
  type Config,
  type Document,
  YamlParseError,
  type NormalizedProblem,
} from "@redocly/openapi-core";
import { existsSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { astToString, transformSchema, type GlobalContext, type OpenAPI3 } from "openapi-typescript";
import { checkExamples, checkSchemas } from "./schemas/contract-checks.ts";
import { ContractError, type Locator, type Problem } from "./input/contract-error.ts";
import { buildContractSchemas } from "./schemas/contract-schemas.ts";
import { FIXES, severityOf, tolerance, TOLERANCES } from "./input/lint-tolerances.ts";
import { lintConfigPath } from "./input/lint-config.ts";
import { locate, writtenPointer } from "./input/locate.ts";
import { buildManifest, type Manifest } from "./manifest/manifest.ts";
import { lowerContract, READABLE_VERSION, withAdditionalOperations } from "./lowering/openapi-32.ts";
import { firstDerivedName } from "./manifest/operations.ts";
import type { PagingFinding } from "./paging/pagination.ts";
import { pagingTypes } from "./types/paging-types.ts";
import { resourcePaths } from "./manifest/resource-paths.ts";
import { makeRedoclyPrototypeSafe } from "./input/redocly-names.ts";
import { bundledInPlace, withBundleInPlace } from "./input/bundle-in-place.ts";
import { ContractResolver, scanContract } from "./input/ref-guard.ts";
import { unsatisfiableWarnings } from "./schemas/unsatisfiable-exchanges.ts";
import { duplicateIdWarnings } from "./manifest/duplicate-ids.ts";
import { sharedEndpointWarnings } from "./manifest/shared-endpoints.ts";
import { unsendableWarnings } from "./manifest/unsendable-pairs.ts";
import { unsentPathParameterWarnings } from "./manifest/unsent-path-parameters.ts";
import { unusableHeaderWarnings } from "./manifest/unusable-headers.ts";
import { fromSwagger2 } from "./lowering/swagger2.ts";
import { operationsFooter } from "./types/operations-footer.ts";
import { typesContext } from "./types/types-context.ts";
import { prepareForTypes } from "./types/types-input.ts";
import { isRecord } from "../contract/records.ts";

makeRedoclyPrototypeSafe();

/** A contract (a folder holding `openapi.yaml|yml|json`, or one file) and where its outputs go. */
export interface Target {
  contract: string;
  outDir: string;
}

const ENTRY_NAMES = ["openapi.yaml", "openapi.yml", "openapi.json"];

export interface Generated {
  /** Output path (relative to the root) → contents. */
  outputs: Map<string, string>;
  manifest: Manifest;
  warnings: Problem[];
  /** Every file the contract was read from (the entry and the files its `$ref`s reach). */
  sources: string[];
  /** Each file read (relative to the root) → a SHA-256 of its bytes as read, for the stamp (./regeneration-stamp.ts). */
  read: Map<string, string>;
  /** Each list operation: how it pages, or why it does not or cannot be told. */
  paging: PagingFinding[];
}

/** Finds the entry file of a target's contract, relative to the root. */
export function findEntry(root: string, contract: string): string {
  const full = join(root, contract);
  if (existsSync(full) && statSync(full).isFile()) return contract;
  const present = existsSync(full) ? ENTRY_NAMES.filter((name) => existsSync(join(full, name))) : [];
  if (present.length === 1) return join(contract, present[0] ?? "");
  const expected = ENTRY_NAMES.map((name) => join(contract, name)).join(", ");
  const [message, fix] =
    present.length === 0
      ? [`no contract found: expected one of ${expected}.`, "create openapi/openapi.yaml (see the README)."]
      : [
          `several contract entry files: ${present.join(", ")}.`,
          "keep one entry file; split the contract into other files referenced with `$ref` instead.",
        ];
  throw new ContractError([{ severity: "error", file: contract, message, fix }]);
}

const configs = new Map<string, Promise<Config>>();
function lintConfig(root: string): Promise<Config> {
  const config = configs.get(root) ?? loadConfig({ configPath: lintConfigPath(root) }).then(withBundleInPlace);
  configs.set(root, config);
  return config;
}

/** Only problems that are printed get a line and column: each costs a walk of the file's syntax tree. */
function toProblem(root: string, problem: NormalizedProblem, locate: boolean): Problem {
  const location = problem.location[0];
  const lineCol = location && locate ? safeLineCol(location) : undefined;
  return {
    severity: problem.severity === "error" ? "error" : "warning",
    file: location ? relative(root, location.source.absoluteRef) : "",
    line: lineCol?.line,
    column: lineCol?.col,
    pointer: location?.pointer === undefined ? undefined : writtenPointer(location.source, location.pointer),
    rule: problem.ruleId,
    // Paths relative to the project, as everywhere else (Redocly's resolver names absolute ones).
    message: problem.message.replaceAll(`${root}/`, ""),
    fix:
      problem.suggest.length > 0
        ? `did you mean ${problem.suggest.map((s) => `\`${s}\``).join(" or ")}?`
        : FIXES[problem.ruleId],
  };
}

function safeLineCol(location: NormalizedProblem["location"][number]): { line: number; col: number } | undefined {
  if (location.pointer === undefined) return location.start;
  const { line, column } = locate(location.source, location.pointer.replace(/^#/, ""), location.reportOnKey);
  return line === undefined || column === undefined ? undefined : { line, col: column };
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Reads the entry file; a parse or read failure becomes a located ContractError. */
async function read(root: string, entry: string, resolver: BaseResolver): Promise<Document> {
  const result = await resolver
    .resolveDocument(null, join(root, entry), true)
    .catch((error: unknown) => (error instanceof Error ? error : new Error(String(error))));
  if ("parsed" in result) return result;
  const cause = (result as { originalError?: unknown }).originalError ?? result;
  if (result instanceof ContractError) throw result;
  const refuse = (problem: Omit<Problem, "severity" | "file">): never => {
    throw new ContractError([{ severity: "error", file: entry, ...problem }], { cause });
  };
  if (result instanceof YamlParseError) {
    // Line and column are Redocly's (1-based); js-yaml's absolute path and repeated position are dropped.
    const firstLine = message(cause)
      .split("\n")[0]
      ?.replace(/ in "[^"]*"/, "")
      .replace(/\s*\(\d+:\d+\)$/, "");
    refuse({
      line: result.line,
      column: result.col,
      message: `syntax error: ${firstLine}`,
      fix: "fix the YAML/JSON syntax at this line (indentation, quotes, brackets, commas).",
    });
  }
  const code = (cause as { code?: string }).code;
  return refuse({
    message:
      code === "ENOENT"
        ? "file not found."
        : code === "EACCES"
          ? "file cannot be read (permission denied)."
          : `file cannot be read: ${message(cause).replace(` at ${join(root, entry)}`, "")}`,
    fix: code === "EACCES" ? "make the file readable." : "check that the path names a readable file.",
  });
}

/** Refuses what is not OpenAPI 3.0–3.2 or Swagger 2.0 before any rule runs; true for Swagger 2.0. */
function checkVersion(entry: string, parsed: unknown): boolean {
  const fail = (text: string, fix = "start the file with `openapi: 3.1.0`, `info` and `paths`."): never => {
    throw new ContractError([{ severity: "error", file: entry, line: 1, column: 1, message: text, fix }]);
  };
  if (!isRecord(parsed)) fail("not an OpenAPI document: the file does not hold an object.");
  const document = parsed as Record<string, unknown>;
  if ("swagger" in document) {
    if (String(document.swagger) === "2.0") return true;
    fail(
      `Swagger ${String(document.swagger)} is not supported: this project generates from Swagger 2.0 and OpenAPI 3.0, 3.1 or 3.2.`,
      "convert the document to OpenAPI 3 and replace this file with the result.",
    );
  }
  if (!("openapi" in document)) fail("not an OpenAPI document: it has no `openapi` field.");
  if (!READABLE_VERSION.test(String(document.openapi))) {
    fail(
      `unsupported OpenAPI version ${String(document.openapi)}: expected 3.0.x, 3.1.x or 3.2.x.`,
      "set `openapi` to a 3.0.x, 3.1.x or 3.2.x version.",
    );
  }
  return false;
}

/** An empty `Record<string, never>` accepts any key, `{}` none; `paths` comes first in the text, `operations` last. */
function closeEmptyPaths(types: string): string {
  const none = (what: string) => `/** The contract has no operations yet: no ${what} can be called or mocked. */\n`;
  return types
    .replace(/^export type paths = Record<string, never>;/, `${none("path")}export type paths = {};`)
    .replace(
      /export type operations = Record<string, never>;\n$/,
      `${none("operation")}export type operations = {};\n`,
    );
}

/** How many errors are listed (with line and column) before the rest are counted. */
export const ERRORS_LISTED = 20;
/** How many warnings get a line and column unless every warning is wanted. */
export const WARNINGS_LOCATED = 10;

/** The first `ERRORS_LISTED` errors, then a count of the rest. */
function capErrors(problems: Problem[], entry: string, total = problems.length): Problem[] {
  if (total <= ERRORS_LISTED) return problems;
  return [
    ...problems.slice(0, ERRORS_LISTED),
    { severity: "error", file: entry, message: `… and ${total - ERRORS_LISTED} more errors.` },
  ];
}

/** A locator of a JSON pointer in the entry file, for the warnings that name a place in it. */
function locatorIn(document: Document, entry: string): Locator {
  return (pointer) => {
    const at = safeLineCol({ source: document.source, pointer: `#${pointer}`, reportOnKey: true });
    return { file: entry, line: at?.line, column: at?.col };
  };
}

/** Finds the contract, reads it, and refuses it at once when a `$ref` or a limit does. */
async function readContract(root: string, target: Target) {
  const entry = findEntry(root, target.contract);
  const config = await lintConfig(root);
  const resolver = new ContractResolver(config.resolve, root, dirname(join(root, entry)));
  const written = await read(root, entry, resolver);
  // Refs and limits before the version: a bomb must not reach any other walk.
  const scanned = await scanContract(resolver, written);
  const scanErrors = scanned.problems.filter((problem) => problem.severity === "error");
  if (scanErrors.length > 0) throw new ContractError(capErrors(scanErrors, entry));
  const swagger = checkVersion(entry, written.parsed);
  return { entry, config, resolver, written, scanned, swagger };
}

/** Lints the document: tolerated problems set aside by rule, errors refused, the rest kept as warnings. */
async function lintContract(
  root: string,
  entry: string,
  lint: { config: Config; lintable: Document; resolver: BaseResolver; version: string },
  schemaProblems: Problem[],
  locateAllWarnings = false,
) {
  const all = await lintDocument({
    document: lint.lintable,
    config: lint.config.styleguide,
    externalRefResolver: lint.resolver,
  });
  // Keyed by tolerance; "" holds what no tolerance covers.
  const tolerated = Map.groupBy(all, (problem) => tolerance(problem, lint.version)?.key ?? "");
  const linted = tolerated.get("") ?? [];
  tolerated.delete("");
  const errors = linted.filter((problem) => severityOf(problem) === "error");
  const schemaErrors = schemaProblems.filter((problem) => problem.severity === "error");
  if (errors.length + schemaErrors.length > 0) {
    throw new ContractError(
      capErrors(
        [
          ...errors.slice(0, ERRORS_LISTED + 1).map((problem) => toProblem(root, problem, true)),
          ...schemaErrors.slice(0, ERRORS_LISTED + 1),
        ],
        entry,
        errors.length + schemaErrors.length,
      ),
    );
  }
  const warnings: Problem[] = linted.map((problem, index) => ({
    ...toProblem(root, problem, locateAllWarnings || index < WARNINGS_LOCATED),
    severity: "warning" as const,
  }));
  return { tolerated, warnings };
}

/** One warning per tolerated rule, on its first problem, in the order `npm run api` prints them. */
function toleratedWarnings(
  root: string,
  tolerated: Map<string, NormalizedProblem[]>,
  version: string,
  schema: OpenAPI3,
): Problem[] {
  const warnings: Problem[] = [];
  for (const { key, message: say, fix, silent, each } of TOLERANCES) {
    const problems = tolerated.get(key);
    const first = problems?.[0];
    if (problems === undefined || first === undefined || silent === true) continue;
    // Each problem at its place (the linter names the parameter in backquotes, `filename`), else the first.
    const derived = key === "derived-operationId" ? firstDerivedName(schema) : undefined;
    const said: Array<[NormalizedProblem, string]> =
      each === true
        ? problems.map((problem) => [problem, say(1, version, /`[^`]+`/.exec(problem.message)?.[0])])
        : [[first, say(problems.length, version, derived)]];
    warnings.unshift(
      ...said.map(([problem, message]) => ({
        ...toProblem(root, problem, true),
        severity: "warning" as const,
        rule: key,
        message,
        fix,
      })),
    );
  }
  return warnings;
}

/** Renames each repeated `operationId` in the bundle, a warning at each repeat as written. */
function renameDuplicateIds(
  root: string,
  schema: OpenAPI3,
  tolerated: Map<string, NormalizedProblem[]>,
  located: Locator,
): Problem[] {
  const repeats = (tolerated.get("duplicate-operationId") ?? []).flatMap(({ location: [where] }) => {
    if (where?.pointer === undefined) return [];
    // Redocly's pointer is the operation's with the repeated id appended: the id's key is beside it.
    const key = `${where.pointer.replace(/^#/, "").replace(/\/[^/]*$/, "")}/operationId`;
    const { line, column } = locate(where.source, key, true);
    return [{ pointer: where.pointer, at: { file: relative(root, where.source.absoluteRef), line, column } }];
  });
  return duplicateIdWarnings(schema, repeats, located);
}

/** The bundle the outputs come from: the document bundled in place, else Redocly's; its errors refuse the contract. */
async function bundleContract(
  root: string,
  bundling: { config: Config; document: Document; resolver: BaseResolver },
  inPlace: boolean,
) {
  const bundled = inPlace
    ? { bundle: bundling.document, problems: [], fileDependencies: bundling.resolver.getFiles() }
    : await bundle({
        config: bundling.config,
        dereference: false,
        doc: bundling.document,
        externalRefResolver: bundling.resolver,
      });
  const bundleErrors = bundled.problems.filter((p) => p.severity === "error").map((p) => toProblem(root, p, true));
  if (bundleErrors.length > 0) throw new ContractError(bundleErrors);
  return bundled;
}

function generateTypes(entry: string, config: Config, schema: OpenAPI3): string {
  try {
    prepareForTypes(schema);
    const footer = operationsFooter();
    // openapi-typescript rewrites the document it is given: nothing reads it after.
    const nodes = transformSchema(
      schema,
      withAdditionalOperations(schema, typesContext(config, schema, footer.nodes as GlobalContext["injectFooter"])),
    );
    footer.finish();
    return closeEmptyPaths(astToString(nodes));
  } catch (error) {
    throw new ContractError([{ severity: "error", file: entry, message: `cannot generate types: ${message(error)}` }], {
      cause: error,
    });
  }
}

/** Every output of one contract, in memory: the caller writes (`npm run api`) or compares (`npm run api:check`). */
export async function generate(
  root: string,
  target: Target,
  options: { locateAllWarnings?: boolean } = {},
): Promise<Generated> {
  const { entry, config, resolver, written, scanned, swagger } = await readContract(root, target);
  // 3.2 (and streams in any version) as the 3.1 tools below read them, said in located notes.
  const lowered = lowerContract(root, scanned.documents);
  // The checks read the files as written, before a bundle rewrites them.
  const schemaProblems = checkSchemas(root, scanned.documents);
  const converted = swagger ? await fromSwagger2(entry, config, written, resolver) : undefined;
  const document = converted?.document ?? written;
  const version = String((document.parsed as OpenAPI3).openapi);
  const lint = { config, lintable: document, resolver, version };
  const { tolerated, warnings } = await lintContract(root, entry, lint, schemaProblems, options.locateAllWarnings);
  // Linted as written, then bundled: from what the lint's walk saw when one file needs only that (bundle-in-place.ts).
  const inPlace = scanned.documents.length === 1 && bundledInPlace(config, document);
  const bundled = await bundleContract(root, { config, document, resolver }, inPlace);
  const schema = bundled.bundle.parsed as OpenAPI3;
  const located = locatorIn(document, entry);
  // Before the types' preparation, which drops those parameters from the bundle.
  const unsent = unsentPathParameterWarnings(schema, located);
  const toleratedRules = toleratedWarnings(root, tolerated, version, schema);
  warnings.unshift(...renameDuplicateIds(root, schema, tolerated, located), ...toleratedRules);
  const paging: PagingFinding[] = [];
  const manifest = buildManifest(schema, located, paging);
  const contract = buildContractSchemas(schema);
  const contractJson = `${JSON.stringify(contract, null, 2)}\n`;
  // Checked in a worker thread meanwhile; awaited once the types are made, unless something fails first.
  const examples = checkExamples(root, document, schema, contract, contractJson);
  examples.catch(() => undefined);
  const resources = resourcePaths(manifest.operations, contract);
  if (resources.length > 0) manifest.resources = resources;
  // Before the types: preparing them drops these headers from the bundle.
  const headers = unusableHeaderWarnings(schema, located);
  // Before the types too: contract.json's schemas share nodes with the bundle the types rewrite.
  const shared = sharedEndpointWarnings(manifest, () => contract, located);
  const unsatisfiable = unsatisfiableWarnings(manifest, contract, located);
  const types = generateTypes(entry, config, schema);
  warnings.unshift(
    ...unsent,
    ...lowered,
    ...(converted?.warnings ?? []),
    ...schemaProblems.filter((problem) => problem.severity === "warning"),
    ...scanned.problems.filter((problem) => problem.severity === "warning"),
    ...unsatisfiable,
    ...unsendableWarnings(manifest, located),
    ...shared,
    ...headers,
    ...(await examples),
  );
  const header = `/**\n * Generated by \`npm run api\` from ${entry}. Do not edit by hand:\n * change the contract and regenerate.\n */\n`;
  return {
    outputs: new Map([
      [`${target.outDir}/schema.d.ts`, header + types + pagingTypes(manifest)],
      [`${target.outDir}/manifest.json`, `${JSON.stringify(manifest, null, 2)}\n`],
      [`${target.outDir}/contract.json`, contractJson],
    ]),
    manifest,
    warnings,
    sources: [
      ...new Set([
        entry,
        ...[...bundled.fileDependencies, ...(converted?.files ?? [])].map((file) => relative(root, file)),
      ]),
    ],
    read: new Map([...resolver.hashes].map(([file, hash]) => [relative(root, file), hash])),
    paging,
  };
}

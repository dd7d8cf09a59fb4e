import type { Manifest, ManifestOperation, ManifestParameter } from "./manifest/manifest.ts";

export interface ContractChange {
  kind:
    | "operation-added"
    | "operation-removed"
    | "operation-changed"
    | "schema-added"
    | "schema-removed"
    | "schema-changed";
  /** e.g. "getNote (GET /notes/{id})" or "Note" */
  subject: string;
  /** For changed items, e.g. "required query parameter `limit` added", "response 404 removed". */
  details: string[];
  /** The entries of `details` that break existing callers (`breaking` cannot say which). Absent = none. */
  breakingDetails?: string[];
  breaking: boolean;
}

export interface ContractDiff {
  changes: ContractChange[];
  /** How many of `changes` are breaking. */
  breaking: number;
}

type Finding = { text: string; breaking: boolean };

/** Removals first (they always break), then changes, then additions; operations before schemas within each. */
const KIND_ORDER: ReadonlyArray<ContractChange["kind"]> = [
  "operation-removed",
  "schema-removed",
  "operation-changed",
  "schema-changed",
  "operation-added",
  "schema-added",
];

/** An explicit locale, so the order does not depend on the machine that runs the generator. */
function compareText(a: string, b: string): number {
  return a.localeCompare(b, "en");
}

/** The items of `from` that `other` lacks, sorted. */
function missingFrom(from: readonly string[], other: readonly string[]): string[] {
  const present = new Set(other);
  return [...new Set(from)].filter((item) => !present.has(item)).sort(compareText);
}

/** Each key of either list, sorted, with the item `before` and `after` hold under it (the last of a key winning). */
function matched<T>(
  before: readonly T[],
  after: readonly T[],
  keyOf: (item: T) => string,
): Array<[key: string, old: T | undefined, now: T | undefined]> {
  const was = new Map(before.map((item) => [keyOf(item), item]));
  const is = new Map(after.map((item) => [keyOf(item), item]));
  return [...new Set([...was.keys(), ...is.keys()])].sort(compareText).map((key) => [key, was.get(key), is.get(key)]);
}

/** Identity of an operation: an operationId can be renamed, but method + path is what clients call. */
function operationKey(operation: ManifestOperation): string {
  return `${operation.method.toUpperCase()} ${operation.path}`;
}

function describeOperation(operation: ManifestOperation): string {
  return `${operation.operationId} (${operationKey(operation)})`;
}

/** Header names are case-insensitive in HTTP, so `X-Trace` and `x-trace` are one parameter. */
function parameterKey(parameter: ManifestParameter): string {
  return `${parameter.in} ${parameter.in === "header" ? parameter.name.toLowerCase() : parameter.name}`;
}

/** One label per security alternative, sorted: reordering alternatives or schemes changes nothing. */
function describeSecurity(security: readonly string[][]): string {
  if (security.length === 0) return "none";
  const alternatives = security.map((schemes) =>
    schemes.length === 0 ? "anonymous" : [...new Set(schemes)].sort(compareText).join(" + "),
  );
  return [...new Set(alternatives)].sort(compareText).join(" or ");
}

const requiredness = (required: boolean) => (required ? "required" : "optional");

function compareParameters(before: ManifestOperation, after: ManifestOperation): Finding[] {
  return matched(before.parameters, after.parameters, parameterKey).flatMap(([, old, now]): Finding[] => {
    // A caller written against the old contract never sends it: fine if optional, a failure if required.
    if (!old)
      return now
        ? [{ text: `${requiredness(now.required)} ${now.in} parameter \`${now.name}\` added`, breaking: now.required }]
        : [];
    // Callers still send it; the server may reject it, and a typed client no longer compiles.
    if (!now) return [{ text: `${old.in} parameter \`${old.name}\` removed`, breaking: true }];
    if (old.required === now.required) return [];
    return [{ text: `${now.in} parameter \`${now.name}\` now ${requiredness(now.required)}`, breaking: now.required }];
  });
}

function compareRequestBody(before: ManifestOperation, after: ManifestOperation): Finding[] {
  const was = before.requestBody;
  const is = after.requestBody;
  if (!was) return is ? [{ text: `${requiredness(is.required)} request body added`, breaking: is.required }] : [];
  // Every media type callers send is gone: a removed media type, only more so.
  if (!is) return [{ text: "request body removed", breaking: true }];
  const required =
    was.required === is.required
      ? []
      : [{ text: `request body now ${requiredness(is.required)}`, breaking: is.required }];
  return [
    ...required,
    ...mediaTypeChanges(was.mediaTypes, is.mediaTypes, "request body no longer accepts", "request body now accepts"),
  ];
}

/** The media types `before` has and `after` lacks (breaking), then the new ones. */
function mediaTypeChanges(before: readonly string[], after: readonly string[], gone: string, added: string): Finding[] {
  return [
    ...missingFrom(before, after).map((type) => ({ text: `${gone} ${type}`, breaking: true })),
    ...missingFrom(after, before).map((type) => ({ text: `${added} ${type}`, breaking: false })),
  ];
}

function compareResponses(before: ManifestOperation, after: ManifestOperation): Finding[] {
  return matched(before.responses, after.responses, (response) => response.status).flatMap(
    ([status, old, now]): Finding[] => {
      if (!now) return old ? [{ text: `response ${status} removed`, breaking: true }] : [];
      if (!old) return [{ text: `response ${status} added`, breaking: false }];
      return mediaTypeChanges(
        old.mediaTypes,
        now.mediaTypes,
        `response ${status} no longer offers`,
        `response ${status} now offers`,
      );
    },
  );
}

type Change = Pick<ContractChange, "details" | "breakingDetails" | "breaking">;

/** What changed in one operation, in a fixed order; tags and summary are documentation and ignored. */
function operationChange(before: ManifestOperation, after: ManifestOperation): Change | undefined {
  const wasSecurity = describeSecurity(before.security);
  const isSecurity = describeSecurity(after.security);
  const findings = [
    ...(before.operationId === after.operationId
      ? []
      : [{ text: `operationId renamed from \`${before.operationId}\` to \`${after.operationId}\``, breaking: false }]),
    // Even a loosening can change what a client must send or expect, so any change counts as breaking.
    ...(wasSecurity === isSecurity
      ? []
      : [{ text: `security changed from ${wasSecurity} to ${isSecurity}`, breaking: true }]),
    ...compareParameters(before, after),
    ...compareRequestBody(before, after),
    ...compareResponses(before, after),
  ];
  if (findings.length === 0) return undefined;
  const breakingDetails = findings.filter((finding) => finding.breaking).map((finding) => finding.text);
  return { details: findings.map((finding) => finding.text), breakingDetails, breaking: breakingDetails.length > 0 };
}

/** Each item of `before` or `after` removed, added, or changed as `change` says (undefined: unchanged). */
function diffItems<T>(
  noun: "operation" | "schema",
  [before, after]: [readonly T[], readonly T[]],
  keyOf: (item: T) => string,
  change: (old: T, now: T) => Change | undefined,
  subjectOf = keyOf,
): ContractChange[] {
  return matched(before, after, keyOf).flatMap(([, old, now]): ContractChange[] => {
    if (!now) return old ? [{ kind: `${noun}-removed`, subject: subjectOf(old), details: [], breaking: true }] : [];
    if (!old) return [{ kind: `${noun}-added`, subject: subjectOf(now), details: [], breaking: false }];
    const changed = change(old, now);
    return changed ? [{ kind: `${noun}-changed`, subject: subjectOf(now), ...changed }] : [];
  });
}

/** Each difference between two manifests, operations matched by method and path; none when `before` is null. */
export function diffManifests(before: Manifest | null, after: Manifest): ContractDiff {
  if (before === null) return { changes: [], breaking: 0 };
  const changes = [
    ...diffItems("operation", [before.operations, after.operations], operationKey, operationChange, describeOperation),
    // Only a hash is kept: the operations that use it report their own breaking changes.
    ...diffItems(
      "schema",
      [before.schemas, after.schemas],
      (schema) => schema.name,
      (old, now) => (old.hash === now.hash ? undefined : { details: ["definition changed"], breaking: false }),
    ),
  ].sort((a, b) => KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind) || compareText(a.subject, b.subject));
  return { changes, breaking: changes.filter((change) => change.breaking).length };
}

/** What a change did, the second half of its kind (`operation-removed` → `removed`), and its mark. */
const verbOf = (change: ContractChange) => change.kind.slice(change.kind.indexOf("-") + 1);
const MARKS: Record<string, string> = { removed: "-", changed: "~", added: "+" };

/** How many changes `formatDiff` lists before it counts the rest by kind (unless verbose). */
export const CHANGES_LISTED = 20;

/** A diff as plain text: the first `CHANGES_LISTED` changes, then counts per kind unless `verbose`; "" when none. */
export function formatDiff(diff: ContractDiff, options: { verbose?: boolean } = {}): string {
  if (diff.changes.length === 0) return "";
  const lines = [`Contract changes: ${diff.changes.length} (${diff.breaking} breaking)`];
  const listed = options.verbose === true ? diff.changes : diff.changes.slice(0, CHANGES_LISTED);
  for (const change of listed) {
    const mark = change.breaking ? "!" : MARKS[verbOf(change)];
    const subject = change.kind.startsWith("schema-") ? `schema ${change.subject}` : change.subject;
    lines.push(`  ${mark} ${verbOf(change).padEnd(8)} ${subject}`);
    const breakingDetails = new Set(change.breakingDetails ?? []);
    for (const detail of change.details) {
      lines.push(`      - ${detail}${breakingDetails.has(detail) ? "  [breaking]" : ""}`);
    }
  }
  const rest = diff.changes.slice(listed.length);
  if (rest.length > 0) {
    const kindOf = (change: ContractChange) =>
      `${change.kind.startsWith("schema-") ? "schemas" : "operations"} ${verbOf(change)}`;
    const counts = [...Map.groupBy(rest, kindOf)].map(([kind, changes]) => `${kind} ×${changes.length}`).join(", ");
    lines.push(`  … ${rest.length} more changes (${counts}); \`--verbose\` lists them all.`);
  }
  return lines.join("\n");
}

/** What `npm run api` says about a contract's changes: the capped diff, or on a first generation a count of what was added. */
export function summarizeChanges(
  before: Manifest | null,
  after: Manifest,
  options: { verbose?: boolean } = {},
): string {
  const first = before === null || (before.operations.length === 0 && before.schemas.length === 0);
  if (!first) return formatDiff(diffManifests(before, after), options);
  if (after.operations.length === 0 && after.schemas.length === 0) return "";
  const count = (n: number, noun: string) => `${n.toLocaleString("en")} ${noun}${n === 1 ? "" : "s"}`;
  const line = `Contract changes: first generation, ${count(after.operations.length, "operation")} and ${count(after.schemas.length, "schema")} added.`;
  if (options.verbose !== true) return line;
  const empty: Manifest = { ...after, operations: [], schemas: [] };
  return `${line}\n${formatDiff(diffManifests(empty, after), options).split("\n").slice(1).join("\n")}`;
}

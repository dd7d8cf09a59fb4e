import type { OpenAPI3 } from "openapi-typescript";
import { escapeSegment, unescapeSegment } from "../../contract/pointer.ts";
import type { Locator, Problem } from "../input/contract-error.ts";
import { operationsOf } from "./operations.ts";

/** Where the linter found a repeated `operationId`: the operation's pointer in its file and the place of the id. */
export interface ReportedDuplicate {
  /** Redocly's pointer: the operation's, then the repeated id as a last segment (`#/paths/~1a/head/health`). */
  pointer: string;
  at: Pick<Problem, "file" | "line" | "column">;
}

export function duplicateIdWarnings(
  document: OpenAPI3,
  reported: readonly ReportedDuplicate[],
  located: Locator,
): Problem[] {
  const entries = operationsOf(document);
  const unused = [...reported];
  const holders = new Map<string, (typeof entries)[number]>();
  for (const entry of entries) if (entry.key === entry.operation.operationId) holders.set(entry.key, entry);
  const warnings: Problem[] = [];
  for (const entry of entries) {
    const id = entry.operation.operationId;
    const first = typeof id === "string" ? holders.get(id) : undefined;
    if (id === undefined || entry.key === id || first === undefined) continue;
    const operation = `/paths/${escapeSegment(entry.path)}/${entry.method}`;
    const sameId = (candidate: ReportedDuplicate) => unescapeSegment(candidate.pointer.split("/").at(-1) ?? "") === id;
    const index = [
      (candidate: ReportedDuplicate) => sameId(candidate) && candidate.pointer.startsWith(`#${operation}/`),
      (candidate: ReportedDuplicate) =>
        sameId(candidate) && candidate.pointer.endsWith(`/${entry.method}/${escapeSegment(id)}`),
    ].reduce((found, test) => (found === -1 ? unused.findIndex(test) : found), -1);
    const [match] = index === -1 ? [] : unused.splice(index, 1);
    warnings.push({
      severity: "warning",
      ...(match?.at ?? located(`${operation}/operationId`)),
      rule: "duplicate-operationId",
      message: `\`${entry.method.toUpperCase()} ${entry.path}\` repeats the \`operationId\` \`${id}\` of \`${first.method.toUpperCase()} ${first.path}\`, which keeps it; this one is named \`${entry.key}\` from its method and path, in the types, the manifest, the fixtures, the gallery and the hooks.`,
      fix: "give each operation its own `operationId`.",
    });
  }
  return warnings;
}

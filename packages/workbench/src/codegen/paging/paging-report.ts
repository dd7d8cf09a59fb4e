import type { ManifestPagination } from "@contract-workbench/runtime/manifest";
import type { PagingFinding } from "./pagination.ts";

function fields(pagination: ManifestPagination): string {
  const { style, from, ...rest } = pagination;
  const said = Object.entries(rest).map(([key, value]) => `${key}=${JSON.stringify(value)}`);
  return `${style.padEnd(6)} ${said.join(" ")}${from === "extension" ? " (x-pagination)" : ""}`;
}

/** Counts of list operations per outcome: each style, `unpaged`, `unrecognised`. */
export function pagingCounts(findings: readonly PagingFinding[]): Record<string, number> {
  const counts: Record<string, number> = { cursor: 0, offset: 0, page: 0, link: 0, unpaged: 0, unrecognised: 0 };
  for (const finding of findings) {
    const key = finding.pagination?.style ?? (finding.unrecognised !== undefined ? "unrecognised" : "unpaged");
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

export function describePaging(findings: readonly PagingFinding[], operations: number): string {
  const lines = findings.map((finding) => {
    const where = `${finding.operationId} (${finding.method.toUpperCase()} ${finding.path})`;
    if (finding.pagination) return `  ${fields(finding.pagination)}  ${where}`;
    if (finding.unrecognised !== undefined) return `  ?      ${where}: ${finding.unrecognised}`;
    return `  -      ${where}: ${finding.unpaged ?? ""}`;
  });
  const counts = pagingCounts(findings);
  const summary = Object.entries(counts)
    .map(([key, count]) => `${key} ${count}`)
    .join(", ");
  return [...lines, `${findings.length} list operations of ${operations}: ${summary}`].join("\n");
}

import type { ContractCoverageReport, ProjectRecords, ServiceName } from "./coverage-types.ts";
import type { Manifest } from "@contract-workbench/runtime/manifest";
import { firstTag } from "../contract/records.ts";
import { streamPairs } from "../contract/stream-pairs.ts";
import { unsendablePair } from "../contract/unsendable.ts";

// A file `exists` denies counts no more; an `unsatisfiable` pair is in no total; one fetch cannot exchange is unlisted.
export function coverageReport(
  manifest: Manifest,
  records: ProjectRecords[],
  threshold: number,
  exists: (file: string) => boolean,
  service?: ServiceName,
  unsatisfiable: (operationId: string, status: string) => boolean = () => false,
): ContractCoverageReport {
  const coveredBy = new Map<string, string[]>();
  for (const { project, modules } of records) {
    for (const [file, { tests }] of Object.entries(modules)) {
      if (!exists(file)) continue;
      for (const [test, exchanges] of Object.entries(tests)) {
        for (const { contract, operationId, status, stream } of exchanges) {
          // Operation ids are unique within one document only.
          if (contract !== service) continue;
          const key = `${operationId}\n${status}\n${stream ?? ""}`;
          const list = coveredBy.get(key) ?? [];
          list.push(`${project}: ${file} > ${test}`);
          coveredBy.set(key, list);
        }
      }
    }
  }
  let covered = 0;
  let total = 0;
  const operations = manifest.operations.map((operation) => ({
    operationId: operation.operationId,
    method: operation.method,
    path: operation.path,
    tag: firstTag(operation.tags),
    // Each declared status, then each stream it declares beside JSON: a pair like any other.
    statuses: operation.responses
      .filter((response) => unsendablePair(operation, response.status) === undefined)
      .flatMap((response) =>
        [undefined, ...streamPairs(response).map((each) => each.mediaType)].map((stream) => {
          const { status } = response;
          const by = [...new Set(coveredBy.get(`${operation.operationId}\n${status}\n${stream ?? ""}`) ?? [])];
          const pair = stream === undefined ? { status } : { status, stream };
          if (unsatisfiable(operation.operationId, status))
            return { ...pair, coveredBy: by, unsatisfiable: true as const };
          total += 1;
          if (by.length > 0) covered += 1;
          return { ...pair, coveredBy: by };
        }),
      ),
  }));
  const percent = total === 0 ? 100 : (covered / total) * 100;
  return {
    contract: { title: manifest.title, version: manifest.version },
    ...(service !== undefined && { service }),
    projects: records.map((record) => record.project),
    covered,
    total,
    percent,
    threshold: service === undefined ? threshold : 0,
    passed: service !== undefined || percent >= threshold,
    operations,
  };
}

/** The one-line summary: `covered 5 of 20 operation×status pairs (25.0%; threshold 0%)`. */
export function summaryLine(report: ContractCoverageReport): string {
  const counted = `covered ${report.covered} of ${report.total} operation×status pairs (${report.percent.toFixed(1)}%; `;
  return report.service === undefined
    ? `${counted}threshold ${report.threshold}%)`
    : `${report.service}: ${counted}no threshold)`;
}

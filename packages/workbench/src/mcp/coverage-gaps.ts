// The coverage gaps, each with where its story would go: beside the operation's stories, else its tag's, else new.
import { fullReport, notTheApps, readRecords, readThreshold, RECORDS_DIR } from "../coverage/contract-coverage.ts";
import type { ContractCoverageReport } from "../coverage/coverage-types.ts";
import { firstTag } from "../contract/records.ts";
import type { ContractReader } from "./contracts.ts";
import { ArgumentError, page } from "./results.ts";
import { pascal, respondLine, screenPlace, stateName } from "./screen-code.ts";

/** The file of a `coveredBy` entry (`project: file > test name`), when it is a story file of the app's. */
function storyFileOf(root: string, coveredBy: string): string | undefined {
  const file = /^[^:]+: (.+?) > /.exec(coveredBy)?.[1];
  if (file === undefined || !/\.stories\.tsx?$/.test(file)) return undefined;
  return notTheApps(root, file) ? undefined : file;
}

export interface GapQuestion {
  contract?: string | undefined;
  operationId?: string | undefined;
  offset: number;
  limit: number;
}

/** The pairs of a contract's last recorded coverage that no story or test exercised. */
export function coverageGaps(root: string, contracts: ContractReader, question: GapQuestion) {
  const name = question.contract ?? contracts.product;
  const loaded = contracts.load(name);
  if (loaded.entry.role === "test") {
    const others = contracts.entries.filter((entry) => entry.role !== "test").map((entry) => entry.name);
    throw new ArgumentError(
      "contract",
      `${name} is a test contract: coverage is recorded for the product's contract and its services (${others.join(", ")}).`,
    );
  }
  const records = readRecords(root);
  const full = fullReport(root, records, readThreshold(root));
  const report: ContractCoverageReport | undefined =
    loaded.entry.role === "product" ? full : full.services.find((service) => service.service === name);
  if (report === undefined)
    throw new ArgumentError("contract", `${name} has no coverage report (its generated files are missing).`);
  const byId = new Map(loaded.manifest.operations.map((operation) => [operation.operationId, operation]));
  if (question.operationId !== undefined && !byId.has(question.operationId))
    throw new ArgumentError(
      "operationId",
      `the ${name} contract has no operation ${JSON.stringify(question.operationId)}.`,
    );
  const storiesOf = new Map<string, string>();
  for (const operation of report.operations)
    for (const pair of operation.statuses) {
      const file = pair.coveredBy.map((entry) => storyFileOf(root, entry)).find((each) => each !== undefined);
      if (file === undefined) continue;
      if (!storiesOf.has(operation.operationId)) storiesOf.set(operation.operationId, file);
      if (!storiesOf.has(`tag ${operation.tag}`)) storiesOf.set(`tag ${operation.tag}`, file);
    }
  const gaps = report.operations
    .filter((operation) => question.operationId === undefined || operation.operationId === question.operationId)
    .flatMap((operation) => {
      const manifestOperation = byId.get(operation.operationId);
      if (!manifestOperation) return [];
      return operation.statuses
        .filter((pair) => pair.coveredBy.length === 0 && pair.unsatisfiable !== true)
        .map((pair) => {
          const beside =
            storiesOf.get(operation.operationId) ?? storiesOf.get(`tag ${firstTag(manifestOperation.tags)}`);
          return {
            operationId: operation.operationId,
            method: operation.method.toUpperCase(),
            path: operation.path,
            status: pair.status,
            story: {
              file: beside ?? screenPlace(manifestOperation).storiesFile,
              why: beside
                ? "beside the stories that already exercise this operation or its tag"
                : "no story exercises this operation or its tag yet: a new screen's stories, in its feature's folder",
              name: `${pascal(manifestOperation.operationId)}${stateName(pair.status)}`,
              override: respondLine(operation.operationId, pair.status),
            },
          };
        });
    });
  const unsatisfiable = report.operations.flatMap((operation) =>
    operation.statuses
      .filter((pair) => pair.unsatisfiable === true)
      .map((pair) => `${operation.operationId} ${pair.status}`),
  );
  const { total, items, next } = page(gaps, question);
  return {
    contract: name,
    title: `${report.contract.title} ${report.contract.version}`,
    recordedProjects: report.projects,
    ...(records.length === 0
      ? {
          note: `no recorded test run in ${RECORDS_DIR}/ yet: every pair counts as a gap until \`npm test\` (or a Vitest run) records one.`,
        }
      : {}),
    covered: report.covered,
    total: report.total,
    percent: Number(report.percent.toFixed(1)),
    ...(loaded.entry.role === "product" ? { threshold: report.threshold } : {}),
    gapCount: total,
    gaps: items,
    ...(next ? { next } : {}),
    ...(unsatisfiable.length > 0 ? { unsatisfiable } : {}),
  };
}

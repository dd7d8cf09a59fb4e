import registry from "../contract/app-registry.ts";
import { generatedPath, readManifest } from "../contract/generated.ts";
import { serviceContracts } from "../contract/registry.ts";
import { CACHE_FOLDER } from "../contract/cache-folder.ts";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";
import { coverageReport, summaryLine } from "./coverage-report.ts";
import type { ContractSchemas } from "../contract/contract-types.ts";
import type { Manifest } from "../codegen/manifest/manifest.ts";
import { isJsonMediaType } from "../contract/media-and-status.ts";
import { pairLabel } from "../contract/stream-pairs.ts";
import { alignedTable } from "../drift/drift-report.ts";
import { isUnsatisfiable } from "../contract/unsatisfiable/prover.ts";
import { unsendableRequest } from "../contract/unsatisfiable/requests.ts";
import type {
  ContractCoverageReport,
  CoveragePair,
  CoverageReportFile,
  ProjectRecords,
  RecordedExchange,
} from "./coverage-types.ts";

export { coverageReport, summaryLine } from "./coverage-report.ts";
export type { ContractCoverageReport, CoverageReportFile, ProjectRecords, RecordedExchange } from "./coverage-types.ts";

/** Where Vitest's runs are recorded, one file per project (git-ignored). */
export const RECORDS_DIR = `${CACHE_FOLDER}/contract-coverage`;
/** The report `npm run coverage:contract` writes (git-ignored, for CI to keep). */
export const REPORT_FILE = "coverage/contract-coverage.json";
export const VIRTUAL_REPORT = "virtual:contract-coverage";

/** This package's folder: its own stories and tests exercise operations too, but are not the app's. */
const PACKAGE = fileURLToPath(new URL("../..", import.meta.url));

/** Whether `file` (absolute, or relative to `root`) is the workbench's own or another package's, never the app's. */
export function notTheApps(root: string, file: string): boolean {
  const absolute = resolve(root, file);
  return absolute.startsWith(PACKAGE) || absolute.split(sep).includes("node_modules");
}

export function readRecords(root: string): ProjectRecords[] {
  const dir = join(root, RECORDS_DIR);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((file) => file.endsWith(".json"))
    .sort()
    .flatMap((name) => {
      try {
        const parsed = JSON.parse(readFileSync(join(dir, name), "utf8")) as ProjectRecords;
        return parsed.version === 1 && typeof parsed.modules === "object" ? [parsed] : [];
      } catch {
        // A half-written file from an interrupted run: that project counts as not recorded.
        return [];
      }
    });
}

/** A project's records file: browser projects are named after their instance too ("storybook (chromium)"). */
function recordsFile(root: string, project: string): string {
  return join(root, RECORDS_DIR, `${project.replace(/[^\w.-]+/g, "-").replace(/-+$/, "")}.json`);
}

export function writeRecords(root: string, records: ProjectRecords): void {
  const file = recordsFile(root, records.project);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(records, null, 2)}\n`);
}

/** Forgets the records of every project not in `projects`, so a removed one stops counting; returns those names. */
export function forgetOtherProjects(root: string, projects: readonly string[]): string[] {
  const stale = readRecords(root)
    .map((records) => records.project)
    .filter((project) => !projects.includes(project));
  for (const project of stale) rmSync(recordsFile(root, project), { force: true });
  return stale;
}

/** What one test file's run recorded: each test, with what it received (undefined when it did not run). */
export interface ModuleRun {
  project: string;
  file: string;
  tests: Array<{ name: string; recorded: RecordedExchange[] | undefined }>;
}

/** Each file that ran replaces its entry (a skipped test keeps its last record, a gone one goes); others stay. */
export function mergeRuns(previous: ProjectRecords[], runs: ModuleRun[]): ProjectRecords[] {
  const byProject = new Map(previous.map((records) => [records.project, records]));
  const changed = new Map<string, ProjectRecords>();
  for (const run of runs) {
    const records = changed.get(run.project) ??
      structuredClone(byProject.get(run.project)) ?? { version: 1 as const, project: run.project, modules: {} };
    const before = records.modules[run.file]?.tests ?? {};
    // Test names carry operationIds (`__proto__`, `constructor`…): no prototype to collide with.
    const tests: Record<string, RecordedExchange[]> = Object.create(null) as Record<string, RecordedExchange[]>;
    for (const { name, recorded } of run.tests) {
      const kept = recorded ?? (Object.hasOwn(before, name) ? before[name] : undefined);
      if (kept !== undefined && kept.length > 0) tests[name] = kept;
    }
    if (Object.keys(tests).length > 0) records.modules[run.file] = { tests };
    else delete records.modules[run.file];
    changed.set(run.project, records);
  }
  return [...changed.values()];
}

/** The threshold in package.json (`"contractCoverage": { "threshold": 80 }`), in percent; 0 when unset. */
export function readThreshold(root: string): number {
  const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as {
    contractCoverage?: { threshold?: unknown };
  };
  const threshold = pkg.contractCoverage?.threshold ?? 0;
  if (typeof threshold !== "number" || !(threshold >= 0 && threshold <= 100))
    throw new Error(
      `package.json: contractCoverage.threshold must be a number from 0 to 100, not ${JSON.stringify(threshold)}.`,
    );
  return threshold;
}

/** The whole report: the product's contract (held to `threshold`), then each generated service's. */
export function fullReport(root: string, records: ProjectRecords[], threshold: number): CoverageReportFile {
  const exists = (file: string) => existsSync(join(root, file));
  const services = serviceContracts(registry)
    .filter(({ generated }) => existsSync(generatedPath(root, "manifest.json", generated)))
    .map(({ name, generated }) => coverageReport(readManifest(root, generated), records, 0, exists, name));
  const manifest = readManifest(root);
  return {
    ...coverageReport(manifest, records, threshold, exists, undefined, unsatisfiablePairs(root, manifest)),
    services,
  };
}

/** The product's pairs no exchange can make (proven): no body answers them, or no request is sendable. */
function unsatisfiablePairs(root: string, manifest: Manifest): (operationId: string, status: string) => boolean {
  const file = generatedPath(root, "contract.json");
  const text = existsSync(file) ? readFileSync(file, "utf8") : "";
  if (text === "") return () => false;
  const contract = JSON.parse(text) as ContractSchemas;
  const found = new Set<string>();
  for (const operation of manifest.operations) {
    // No request keeps the contract: none of its answers can be exchanged.
    const unsendable = unsendableRequest(contract, operation.operationId, operation.method).length > 0;
    for (const { status } of operation.responses) {
      const content = contract.operations[operation.operationId]?.responses[status]?.content ?? {};
      const media = Object.entries(content).find(([type]) => isJsonMediaType(type))?.[1];
      if (unsendable || isUnsatisfiable(media?.schema, contract.components.schemas))
        found.add(`${operation.operationId} ${status}`);
    }
  }
  return (operationId, status) => found.has(`${operationId} ${status}`);
}

export function formatReport(report: ContractCoverageReport): string[] {
  const anyUnsatisfiable = report.operations.some((operation) =>
    operation.statuses.some((pair) => pair.unsatisfiable === true),
  );
  const labels = (pairs: CoveragePair[], keep: (pair: CoveragePair) => boolean) =>
    pairs
      .filter(keep)
      .map((pair) => pairLabel(pair.status, pair.stream))
      .join(", ") || "—";
  const rows = report.operations.map(({ operationId, method, path, statuses }) => [
    operationId,
    `${method.toUpperCase()} ${path}`,
    labels(statuses, (pair) => pair.coveredBy.length > 0),
    labels(statuses, (pair) => pair.coveredBy.length === 0 && pair.unsatisfiable !== true),
    ...(anyUnsatisfiable ? [labels(statuses, (pair) => pair.unsatisfiable === true)] : []),
  ]);
  const header = ["operation", "request", "covered", "not covered", ...(anyUnsatisfiable ? ["unsatisfiable"] : [])];
  return [...(rows.length === 0 ? [] : alignedTable(header, rows)), summaryLine(report)];
}

/** The Contract/Coverage page's data: `virtual:contract-coverage` is the report `npm run coverage:contract` prints. */
export function contractCoveragePage({ root }: { root: string }): Plugin {
  const resolved = `\0${VIRTUAL_REPORT}`;
  return {
    name: "contract-coverage-page",
    resolveId(id) {
      return id === VIRTUAL_REPORT ? resolved : undefined;
    },
    load(id) {
      if (id !== resolved) return undefined;
      this.addWatchFile(generatedPath(root, "manifest.json"));
      for (const { generated } of serviceContracts(registry))
        this.addWatchFile(generatedPath(root, "manifest.json", generated));
      // A test run while Storybook is open refreshes the page.
      const records = join(root, RECORDS_DIR);
      if (existsSync(records)) for (const file of readdirSync(records)) this.addWatchFile(join(records, file));
      const report = fullReport(root, readRecords(root), readThreshold(root));
      return `export default ${JSON.stringify(report)};\n`;
    },
  };
}

// No run-time imports: the command, the test setup and the page share these shapes.

/** A third-party service's name (a `service` in the registry): its pairs are reported in a section of their own. */
export type ServiceName = string;

export interface RecordedExchange {
  /** The service whose document declares the operation; absent for the product's contract. */
  contract?: ServiceName;
  operationId: string;
  /** The declared status the response fell under ("200", "4XX", "default"). */
  status: string;
  /** The stream it was, when the status declares it beside JSON (a pair of its own: `200 text/event-stream`). */
  stream?: string;
}

/** The last recorded run of one Vitest project: per test file, per test, what it received. */
export interface ProjectRecords {
  version: 1;
  project: string;
  modules: Record<string, { tests: Record<string, RecordedExchange[]> }>;
}

/** One declared response of one operation, and the hand-written tests that exercised it. */
export interface CoveragePair {
  status: string;
  stream?: string;
  /** `project: file > test name` of each test or story that received this response; empty when none did. */
  coveredBy: string[];
  /** Set when no exchange can make this pair (proven: no body answers it, or no request is sendable): not counted. */
  unsatisfiable?: true;
}

export interface CoverageOperation {
  operationId: string;
  method: string;
  path: string;
  /** The operation's first tag, or "untagged". */
  tag: string;
  statuses: CoveragePair[];
}

export interface ContractCoverageReport {
  contract: { title: string; version: string };
  /** Set for a service's document: reported for information, never held to the threshold (0, always `passed`). */
  service?: ServiceName;
  /** The Vitest projects whose last run was recorded (`unit`, `storybook`, …); none before the first run. */
  projects: string[];
  covered: number;
  total: number;
  /** In percent; 100 for a contract with nothing to cover. */
  percent: number;
  /** The minimum percentage (package.json `contractCoverage.threshold`). */
  threshold: number;
  passed: boolean;
  operations: CoverageOperation[];
}

/** What `npm run coverage:contract` writes and the Contract/Coverage page shows. */
export interface CoverageReportFile extends ContractCoverageReport {
  services: ContractCoverageReport[];
}

// The shapes of contract coverage: what Vitest records per test (.cache/contract-coverage/)
// and the report `npm run coverage:contract` writes (coverage/contract-coverage.json) and
// the Contract/Coverage docs page shows. Shared by scripts/ (Node), the test setup and the
// page, so it holds no runtime imports of its own.

/** One response a test received, by the contract's names for it. */
export interface RecordedExchange {
  operationId: string;
  /** The declared status the response fell under ("200", "4XX", "default"). */
  status: string;
}

/** The last recorded run of one Vitest project: per test file, per test, what it received. */
export interface ProjectRecords {
  version: 1;
  project: string;
  modules: Record<string, { tests: Record<string, RecordedExchange[]> }>;
}

/** One declared response of one operation, and the hand-written tests that exercised it. */
export interface CoveragePair {
  /** As declared: "200", "4XX", "default". */
  status: string;
  /** `project: file > test name` of each test or story that received this response; empty when none did. */
  coveredBy: string[];
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
  /** The Vitest projects whose last run was recorded (`unit`, `storybook`, …); none before the first run. */
  projects: string[];
  covered: number;
  total: number;
  /** covered / total, in percent; 100 for a contract with nothing to cover. */
  percent: number;
  /** The minimum percentage (package.json `contractCoverage.threshold`). */
  threshold: number;
  passed: boolean;
  operations: CoverageOperation[];
}

// The shapes of contract coverage: what Vitest records per test (.cache/contract-coverage/)
// and the report `npm run coverage:contract` writes (coverage/contract-coverage.json) and
// the Contract/Coverage docs page shows. Shared by scripts/ (Node), the test setup and the
// page, so it imports nothing at run time.

/**
 * The third-party services (the registry's `service` contracts, contracts.config.ts), whose
 * endpoints have a document of their own beside the product's contract, answered by fixtures
 * built with the same engine: their pairs are reported in sections of their own.
 */
export type ServiceName = string;

/** One response a test received, by the contract's names for it. */
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
  /** As declared: "200", "4XX", "default". */
  status: string;
  /** A stream the status declares beside JSON: the pair of that stream (`200 text/event-stream`). */
  stream?: string;
  /** `project: file > test name` of each test or story that received this response; empty when none did. */
  coveredBy: string[];
  /**
   * Set when no body can answer this status (its schema requires a value an empty `enum`
   * forbids): shown as unsatisfiable and left out of the counts, since no test can cover it.
   */
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
  /**
   * Set for a service's document (`identity`, `analytics`): reported for information, it
   * is never held to the threshold (`threshold` 0, always `passed`).
   */
  service?: ServiceName;
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

/**
 * What `npm run coverage:contract` writes (coverage/contract-coverage.json) and the
 * Contract/Coverage page shows: the product's contract, then each service's document.
 */
export interface CoverageReportFile extends ContractCoverageReport {
  services: ContractCoverageReport[];
}

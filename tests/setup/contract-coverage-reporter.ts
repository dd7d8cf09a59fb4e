// Writes what each test recorded (tests/setup/contract-coverage.ts) to
// .cache/contract-coverage/<project>.json when a run ends, for `npm run coverage:contract`.
// A run of some files (or some tests) updates only what it ran: the last run of every
// test counts, so a focused run never makes the report forget the others.
import type { Reporter, TestModule, Vitest } from "vitest/node";
import { relative } from "node:path";
import { readRecords, writeRecords, type ProjectRecords } from "../../scripts/lib/contract-coverage.ts";

export default class ContractCoverageReporter implements Reporter {
  private root = process.cwd();

  onInit(vitest: Vitest): void {
    this.root = vitest.config.root;
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const previous = new Map(readRecords(this.root).map((records) => [records.project, records]));
    const changed = new Map<string, ProjectRecords>();
    for (const testModule of testModules) {
      const tests = [...testModule.children.allTests()];
      // Projects whose setup does not record (types, node) have nothing to write.
      if (!tests.some((test) => test.meta().contractCoverage !== undefined)) continue;
      const project = testModule.project.name;
      const records = changed.get(project) ?? previous.get(project) ?? { version: 1 as const, project, modules: {} };
      const file = relative(this.root, testModule.moduleId);
      const previousTests = records.modules[file]?.tests ?? {};
      const next: ProjectRecords["modules"][string]["tests"] = {};
      for (const test of tests) {
        const recorded = test.meta().contractCoverage;
        // A test this run skipped or filtered out keeps what it recorded last time.
        const last = previousTests[test.fullName];
        const kept = recorded ?? last;
        if (kept !== undefined && kept.length > 0) next[test.fullName] = kept;
      }
      if (Object.keys(next).length > 0) records.modules[file] = { tests: next };
      else delete records.modules[file];
      changed.set(project, records);
    }
    for (const records of changed.values()) writeRecords(this.root, records);
  }
}

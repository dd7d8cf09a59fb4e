// Writes what each test recorded (workbench/coverage/coverage-recorder.ts) to
// .cache/contract-coverage/<project>.json when a run ends, for `npm run coverage:contract`.
// A run of some files (or some tests) updates only what it ran: the last run of every
// test counts, so a focused run never makes the report forget the others.
import type { Reporter, TestModule, Vitest } from "vitest/node";
import { relative } from "node:path";
import { mergeRuns, readRecords, writeRecords, type ModuleRun } from "./contract-coverage.ts";

export default class ContractCoverageReporter implements Reporter {
  private root = process.cwd();

  onInit(vitest: Vitest): void {
    this.root = vitest.config.root;
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const runs: ModuleRun[] = [];
    for (const testModule of testModules) {
      const tests = [...testModule.children.allTests()].map((test) => ({
        name: test.fullName,
        recorded: test.meta().contractCoverage,
      }));
      // Projects whose setup does not record (types, node) have nothing to write.
      if (tests.every((test) => test.recorded === undefined)) continue;
      runs.push({ project: testModule.project.name, file: relative(this.root, testModule.moduleId), tests });
    }
    for (const records of mergeRuns(readRecords(this.root), runs)) writeRecords(this.root, records);
  }
}

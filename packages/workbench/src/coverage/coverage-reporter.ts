// The last run of every test counts, so a focused run never makes the report forget the others.
import type { Reporter, TestModule, Vitest } from "vitest/node";
import { relative } from "node:path";
import {
  forgetOtherProjects,
  mergeRuns,
  notTheApps,
  readRecords,
  writeRecords,
  type ModuleRun,
} from "./contract-coverage.ts";

export default class ContractCoverageReporter implements Reporter {
  private root = process.cwd();
  /** Every project's name, when this run has them all (no `--project` filter). */
  private projects: string[] | undefined;

  onInit(vitest: Vitest): void {
    this.root = vitest.config.root;
    this.projects =
      (vitest.config.project ?? []).length === 0 ? vitest.projects.map((project) => project.name) : undefined;
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const runs: ModuleRun[] = [];
    for (const testModule of testModules) {
      const tests = [...testModule.children.allTests()].map((test) => ({
        name: test.fullName,
        recorded: test.meta().contractCoverage,
      }));
      // Projects whose setup does not record (types, node, e2e) have nothing to write.
      if (tests.every((test) => test.recorded === undefined)) continue;
      if (notTheApps(this.root, testModule.moduleId)) for (const test of tests) test.recorded = [];
      runs.push({ project: testModule.project.name, file: relative(this.root, testModule.moduleId), tests });
    }
    for (const records of mergeRuns(readRecords(this.root), runs)) writeRecords(this.root, records);
    if (this.projects) forgetOtherProjects(this.root, this.projects);
  }
}

// Contract coverage, recorded while the tests run: every response the product's fixtures
// mock during a test (default fixtures and hand-written handlers alike) is kept on the
// test's meta, which Vitest sends to workbench/coverage/coverage-reporter.ts.
import { beforeEach, type TestContext } from "vitest";
import type { RecordedExchange } from "./coverage-types";
import { fixtures } from "../product";

declare module "vitest" {
  interface TaskMeta {
    /** The operation × declared status pairs this test received a response for. */
    contractCoverage?: RecordedExchange[];
  }
}

/**
 * Records each test's exchanges on its meta as they happen (so a test that then fails
 * in a later hook keeps them); tests for which `ignore` is true when a response arrives
 * (the gallery's stories) record nothing, so they never count as coverage.
 *
 * @example
 * recordContractCoverage({ ignore: (context) => isGalleryStory(context) });
 */
export function recordContractCoverage(options: { ignore?: (context: TestContext) => boolean } = {}): void {
  let current: TestContext | undefined;
  fixtures.onExchange(({ operationId, status }) => {
    if (!current || options.ignore?.(current) === true) return;
    const recorded = (current.task.meta.contractCoverage ??= []);
    if (!recorded.some((seen) => seen.operationId === operationId && seen.status === status)) {
      recorded.push({ operationId, status });
    }
  });
  beforeEach((context) => {
    current = context;
    context.task.meta.contractCoverage = [];
  });
}

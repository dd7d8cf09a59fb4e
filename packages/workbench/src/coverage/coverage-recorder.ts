import { afterAll, beforeEach, type TestContext } from "vitest";
import type { Exchange } from "../fixtures/contract-fixtures.ts";
import type { RecordedExchange, ServiceName } from "./coverage-types.ts";
import { fixtures } from "virtual:contract-workbench/product";

declare module "vitest" {
  interface TaskMeta {
    /** The operation × declared status pairs this test received a response for. */
    contractCoverage?: RecordedExchange[];
  }
}

interface ExchangeSource {
  onExchange(listener: (exchange: Exchange) => void): () => void;
}

/** Records each test's exchanges on its meta as they happen (kept if a later hook fails), a service's by name. */
export function recordContractCoverage(
  options: { ignore?: (context: TestContext) => boolean; services?: Partial<Record<ServiceName, ExchangeSource>> } = {},
): void {
  let current: TestContext | undefined;
  const record =
    (contract: ServiceName | undefined) =>
    ({ operationId, status, stream }: Exchange): void => {
      if (!current || options.ignore?.(current) === true) return;
      const recorded = (current.task.meta.contractCoverage ??= []);
      const exchange: RecordedExchange = {
        ...(contract === undefined ? {} : { contract }),
        operationId,
        status,
        ...(stream === undefined ? {} : { stream }),
      };
      const key = (each: RecordedExchange) =>
        JSON.stringify([each.contract, each.operationId, each.status, each.stream]);
      if (!recorded.some((each) => key(each) === key(exchange))) recorded.push(exchange);
    };
  const unsubscribes = [fixtures.onExchange(record(undefined))];
  for (const [name, source] of Object.entries(options.services ?? {}) as Array<[ServiceName, ExchangeSource]>) {
    unsubscribes.push(source.onExchange(record(name)));
  }
  beforeEach((context) => {
    current = context;
    context.task.meta.contractCoverage = [];
  });
  // Files sharing a module graph share the fixtures, and each setup subscribes again: unsubscribed, or they pile up.
  afterAll(() => {
    for (const unsubscribe of unsubscribes) unsubscribe();
  });
}

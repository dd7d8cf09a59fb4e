// One real exchange against the contract; nothing is changed or blocked: the request and response are read from clones.
import type { ContractSchemas } from "../contract/contract-types.ts";
import type { Manifest, ManifestOperation } from "@contract-workbench/runtime/manifest";
import { createExchangeCheck } from "../fixtures/check/exchange-check.ts";
import { createValidator } from "../fixtures/check/validator.ts";
import type { Violation, ViolationPlace } from "../fixtures/check/violations.ts";
import type { StreamChecked } from "../fixtures/check/stream-check.ts";
import type { StreamLimits } from "@contract-workbench/runtime/streams";
import { createOperationMatcher } from "../fixtures/answer/operation-matcher.ts";
import { safeActual } from "../contract/secrets.ts";

export type DriftPlace = ViolationPlace | "response header";

/** Nothing secret in it. */
export interface Drift {
  operationId: string;
  method: string;
  path: string;
  /** When the response is at fault. */
  status?: string;
  place: DriftPlace;
  /** JSON pointer into the body, or the parameter's or header's name. */
  pointer: string;
  expected: string;
  actual: string;
}

const LONGEST = 80;

export function truncate(text: string): string {
  return text.length > LONGEST ? `${text.slice(0, LONGEST - 1)}…` : text;
}

export function createDriftCheck({ manifest, contract }: { manifest: Manifest; contract: ContractSchemas }) {
  const validator = createValidator(contract);
  const exchange = createExchangeCheck(contract, validator);
  const match = createOperationMatcher(manifest.operations);
  const drift = (operation: ManifestOperation, violation: Violation, extra: { status?: string } = {}): Drift => ({
    ...violation,
    ...extra,
    method: operation.method.toUpperCase(),
    path: operation.path,
    expected: truncate(violation.expected),
    actual: truncate(safeActual(violation.pointer, violation.actual)),
  });

  return {
    operationOf(method: string, url: string) {
      return match(method, url)?.operation;
    },

    /** Before it is sent (the probe's own, say). */
    async checkRequest(request: Request): Promise<Drift[]> {
      const found = match(request.method, request.url);
      if (!found) return [];
      const violations = await exchange.request(found.operation, request.clone(), found.params);
      return violations.map((violation) => drift(found.operation, violation));
    },

    /** Undefined for no operation of the contract; a stream is read up to `stream.limits`. */
    async check(
      request: Request,
      response: Response,
      options: { stream?: { limits?: StreamLimits; onChecked?: (checked: StreamChecked) => void } } = {},
    ): Promise<Drift[] | undefined> {
      const found = match(request.method, request.url);
      if (!found) return undefined;
      const { operation, params } = found;
      const violations = [
        ...(await exchange.request(operation, request.clone(), params)),
        ...(await exchange.response(operation, response.clone(), {
          method: request.method,
          ...(options.stream === undefined ? {} : { stream: options.stream }),
        })),
      ];
      return violations.map((violation) =>
        drift(operation, violation, violation.place.startsWith("response") ? { status: String(response.status) } : {}),
      );
    },
  };
}

export type DriftCheck = ReturnType<typeof createDriftCheck>;

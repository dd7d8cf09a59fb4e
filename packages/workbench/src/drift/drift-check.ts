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

/** One disagreement between a real exchange and the contract, with nothing secret in it. */
export interface Drift {
  operationId: string;
  method: string;
  path: string;
  /** The status as the server sent it ("418"), when the response is at fault. */
  status?: string;
  place: DriftPlace;
  /** JSON pointer into the body, or the parameter's or header's name. */
  pointer: string;
  expected: string;
  actual: string;
}

const LONGEST = 80;

/** A text cut to a report's width. */
export function truncate(text: string): string {
  return text.length > LONGEST ? `${text.slice(0, LONGEST - 1)}…` : text;
}

export interface DriftCheckOptions {
  manifest: Manifest;
  contract: ContractSchemas;
}

/**
 * Checks real exchanges against the contract.
 *
 * @example
 * const drift = createDriftCheck({ manifest, contract });
 * await drift.check(request, response); // undefined: not an operation of the contract; [] keeps it
 */
export function createDriftCheck({ manifest, contract }: DriftCheckOptions) {
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
    /** The operation a request is for, or undefined when the contract has none for it. */
    operationOf(method: string, url: string) {
      return match(method, url)?.operation;
    },

    /** What is wrong with a request before it is sent (the probe's own, say); [] when it keeps the contract. */
    async checkRequest(request: Request): Promise<Drift[]> {
      const found = match(request.method, request.url);
      if (!found) return [];
      const violations = await exchange.request(found.operation, request.clone(), found.params);
      return violations.map((violation) => drift(found.operation, violation));
    },

    /**
     * The drifts of one exchange, read from clones; undefined for no operation of the contract. A
     * stream is read event by event up to `stream.limits`; `stream.onChecked` hears what was read.
     */
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

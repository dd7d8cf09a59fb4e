// The fixtures' request violations as problem details' errors: the field, the rule and the place in the contract.
import type { ManifestOperation } from "@contract-workbench/runtime/manifest";
import { escapeSegment } from "../contract/pointer.ts";
import { operationPointer, type RequestError } from "../fixtures/check/problem-details.ts";
import type { Violation } from "../fixtures/check/violations.ts";

const PLACES: Partial<Record<Violation["place"], string>> = {
  "request path": "path",
  "request query": "query",
  "request header": "header",
  "request body": "body",
};

/** The request's violations as located errors: a parameter at the operation's place, a field in its body schema. */
export function requestErrors(
  op: ManifestOperation,
  violations: readonly Violation[],
  mediaType?: string,
): RequestError[] {
  const at = operationPointer(op);
  return violations.map((violation) => {
    const place = PLACES[violation.place] ?? violation.place;
    if (place === "body") {
      const contract =
        mediaType === undefined ? `${at}/requestBody` : `${at}/requestBody/content/${escapeSegment(mediaType)}/schema`;
      return { in: place, field: violation.pointer, rule: violation.expected, actual: violation.actual, contract };
    }
    // The parameter's name (a missing one's is in Ajv's `expected`), at the operation's place: the manifest merges them.
    const missing = /required property '([^']+)'/.exec(violation.expected)?.[1];
    const name = violation.pointer.split("/")[0] || missing || "";
    return { in: place, field: name, rule: violation.expected, actual: violation.actual, contract: `${at}/parameters` };
  });
}

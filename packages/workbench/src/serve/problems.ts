// The server's refusals as RFC 9457 problem details (`application/problem+json`): what was
// wrong, where in the request, by which rule, and where the contract says so.
import type { ManifestOperation } from "@contract-workbench/runtime/manifest";
import { escapeSegment } from "../contract/pointer.ts";
import type { Violation } from "../fixtures/check/violations.ts";

export const PROBLEM_TYPE = "application/problem+json";

/** One thing wrong with a request, located in it and in the contract. */
export interface RequestError {
  /** Where in the request: `path`, `query`, `header`, `body`, `credentials`. */
  in: string;
  /** The parameter's or scheme's name, or the JSON pointer into the body (`/name`; `` for the whole body). */
  field: string;
  /** What the contract asks for there. */
  rule: string;
  /** What the request sent. */
  actual: string;
  /** A JSON pointer into the contract document, `#/paths/~1pets~1{petId}/get/…`. */
  contract: string;
}

export interface Problem {
  status: number;
  title: string;
  detail: string;
  operationId?: string;
  errors?: RequestError[];
  [extension: string]: unknown;
}

/**
 * The response for a problem (`type` is `about:blank`: the status says what kind it is).
 *
 * @example
 * problemResponse({ status: 404, title: "Not Found", detail: "No operation answers GET /nope." });
 */
export function problemResponse(problem: Problem, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify({ type: "about:blank", ...problem }), {
    status: problem.status,
    headers: { ...headers, "Content-Type": PROBLEM_TYPE },
  });
}

/** Where an operation sits in the contract document. */
export function operationPointer(op: ManifestOperation): string {
  return `#/paths/${escapeSegment(op.path)}/${op.method}`;
}

const PLACES: Partial<Record<Violation["place"], string>> = {
  "request path": "path",
  "request query": "query",
  "request header": "header",
  "request body": "body",
};

/**
 * The request's violations (the fixtures' exchange check) as located errors: a parameter is
 * named with the operation's place; a body field under its media type's schema.
 */
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
    // `limit`, or `` when a required one is missing (Ajv names it in `expected`). The manifest merges
    // the path item's parameters with the operation's, so the place is the operation's, with the name.
    const missing = /required property '([^']+)'/.exec(violation.expected)?.[1];
    const name = violation.pointer.split("/")[0] || missing || "";
    return { in: place, field: name, rule: violation.expected, actual: violation.actual, contract: `${at}/parameters` };
  });
}

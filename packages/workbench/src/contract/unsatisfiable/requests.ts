// Requests no client can send as the contract describes them: a required parameter or a required
// body whose schema no value satisfies. Such an operation is partly unusable, not broken:
// `npm run api` warns where it is written, the gallery shows its stories as unsendable and the
// coverage counts its pairs as unsatisfiable, so none fails a test for the contract's defect.
import type { ContractSchemas } from "../contract-types.ts";
import { preferredMediaType } from "../media-and-status.ts";
import { own } from "../own.ts";
import { schemaPointer } from "../pointer.ts";
import { proveUnsatisfiable } from "./prover.ts";

/** What of a request no value satisfies: its place under the operation (`parameters/2`, `requestBody/content/…`) and why. */
export interface UnsatisfiableRequestPart {
  /** The steps under the operation, as in {@link schemaPointer} (without the trailing `schema`). */
  steps: string[];
  /** `the query parameter "q"`, `the request body (application/json)`. */
  what: string;
  reason: string;
}

/**
 * The first required part of an operation's request no value satisfies (proven), or undefined
 * when a request keeping the contract can be written. Cookies are left out: no sample request
 * sends one. A body counts in the media type a client sends first (JSON, then the first declared).
 *
 * @example
 * unsatisfiableRequest(contract, "createIssue");
 * // { steps: ["requestBody", "content", "application/json"], what: "the request body (application/json)", reason: "…" }
 */
export function unsatisfiableRequest(contract: ContractSchemas, id: string): UnsatisfiableRequestPart | undefined {
  const operation = own<ContractSchemas["operations"][string]>(contract.operations, id);
  if (operation === undefined) return undefined;
  const schemas = contract.components.schemas;
  for (const [index, parameter] of operation.parameters.entries()) {
    if (!parameter.required || parameter.in === "cookie" || parameter.schema === undefined) continue;
    const steps = ["parameters", String(index)];
    const proof = proveUnsatisfiable(parameter.schema, schemas, schemaPointer(id, ...steps, "schema"));
    if (proof !== undefined)
      return { steps, what: `the ${parameter.in} parameter "${parameter.name}"`, reason: proof.reason };
  }
  const body = operation.requestBody;
  const mediaType = body?.required ? preferredMediaType(Object.keys(body.content)) : undefined;
  const schema = mediaType === undefined ? undefined : body?.content[mediaType]?.schema;
  if (mediaType === undefined || schema === undefined) return undefined;
  const steps = ["requestBody", "content", mediaType];
  const proof = proveUnsatisfiable(schema, schemas, schemaPointer(id, ...steps, "schema"));
  return proof === undefined ? undefined : { steps, what: `the request body (${mediaType})`, reason: proof.reason };
}

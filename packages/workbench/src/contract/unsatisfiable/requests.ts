// One rule for every capability (decision 37), so that none fails a test for the contract's defect.
import type { ContractSchemas } from "../contract-types.ts";
import { isFormMediaType, preferredMediaType } from "../media-and-status.ts";
import { own } from "../own.ts";
import { schemaPointer } from "../pointer.ts";
import { subschema, typesOf } from "../schema-types.ts";
import { IGNORED_HEADERS } from "../variant-marks.ts";
import { proveUnsatisfiable } from "./prover.ts";

export interface UnsendableRequestPart {
  /** As in {@link schemaPointer}, without the trailing `schema`. */
  steps: string[];
  /** `the query parameter "q"`, `the request body (application/json)`. */
  what: string;
  reason: string;
  kind: "unsatisfiable" | "unwritable-query" | "formless-form";
  /** What the gallery shows under the operation. */
  said: string;
}

/** Sent though optional: browsers and Node's `fetch` set `Accept-Language` themselves, which an enum of languages may refuse. */
export const ALWAYS_SENT_HEADERS = new Set(["accept-language"]);

const BODILESS = new Set(["get", "head"]);

/** A query list of objects that declare no properties: written by their members' names (`sources[0][id]`), it carries nothing. */
function unwritableQuery(contract: ContractSchemas, schema: unknown): boolean {
  const types = typesOf(contract, schema);
  if (types.size !== 1 || !types.has("array")) return false;
  const items = subschema(contract, schema, "items");
  const itemTypes = typesOf(contract, items);
  return itemTypes.size === 1 && itemTypes.has("object") && subschema(contract, items, "properties") === undefined;
}

/** Parameters then the body (its media type sent first); cookies and the headers a call sets itself are left out. */
export function unsendableRequest(contract: ContractSchemas, id: string, method: string): UnsendableRequestPart[] {
  const operation = own<ContractSchemas["operations"][string]>(contract.operations, id);
  if (operation === undefined) return [];
  const schemas = contract.components.schemas;
  const parts: UnsendableRequestPart[] = [];
  for (const [index, parameter] of operation.parameters.entries()) {
    if (parameter.in === "cookie" || parameter.schema === undefined) continue;
    const header = parameter.in === "header" ? parameter.name.toLowerCase() : undefined;
    if (!parameter.required && !(header !== undefined && ALWAYS_SENT_HEADERS.has(header))) continue;
    if (header !== undefined && IGNORED_HEADERS.has(header)) continue;
    const steps = ["parameters", String(index)];
    const what = `the ${parameter.in} parameter "${parameter.name}"`;
    const proof = proveUnsatisfiable(parameter.schema, schemas, schemaPointer(id, ...steps, "schema"));
    if (proof !== undefined) {
      const said = `no value satisfies the schema of its ${parameter.in} parameter \`${parameter.name}\`: ${proof.reason}`;
      parts.push({ steps, what, reason: proof.reason, kind: "unsatisfiable", said });
    } else if (parameter.in === "query" && unwritableQuery(contract, parameter.schema)) {
      const reason = "a list of objects that declare no properties, which puts nothing in a query";
      parts.push({ steps, what, reason, kind: "unwritable-query", said: `${what} is ${reason}` });
    }
  }
  const body = BODILESS.has(method.toLowerCase()) ? undefined : operation.requestBody;
  const mediaType = body?.required ? preferredMediaType(Object.keys(body.content)) : undefined;
  const schema = mediaType === undefined ? undefined : body?.content[mediaType]?.schema;
  if (mediaType === undefined || schema === undefined) return parts;
  const steps = ["requestBody", "content", mediaType];
  const what = `the request body (${mediaType})`;
  const proof = proveUnsatisfiable(schema, schemas, schemaPointer(id, ...steps, "schema"));
  const types = typesOf(contract, schema);
  if (proof !== undefined) {
    const said = `its request body cannot be sent, since no value satisfies its schema: ${proof.reason}`;
    parts.push({ steps, what, reason: proof.reason, kind: "unsatisfiable", said });
  } else if (isFormMediaType(mediaType) && types.size > 0 && !types.has("object")) {
    const reason = "a schema that is not an object, while a form sends named fields";
    const said = `its ${mediaType} request body's schema is not an object, and a form sends named fields`;
    parts.push({ steps, what, reason, kind: "formless-form", said });
  }
  return parts;
}

// An empty `enum` is warned where it is written (./contract-checks.ts), not again here.
import type { ContractSchemas } from "../../contract/contract-types.ts";
import { escapeSegment, schemaPointer } from "../../contract/pointer.ts";
import { proveUnsatisfiable } from "../../contract/unsatisfiable/prover.ts";
import { unsendableRequest, type UnsendableRequestPart } from "../../contract/unsatisfiable/requests.ts";
import { warningAt, type Locator, type Problem } from "../input/contract-error.ts";
import type { Manifest } from "../manifest/manifest.ts";

/** How the contract's author makes each kind of unsendable part sendable. */
const FIXES: Record<UnsendableRequestPart["kind"], string> = {
  unsatisfiable: "make the keywords agree, or make the part optional.",
  "unwritable-query":
    "declare the objects' properties, give the items a scalar type, or describe the parameter with `content`.",
  "formless-form": "describe the form's fields as an object's properties, or declare another media type.",
};

function said(id: string, part: UnsendableRequestPart): string {
  const cause =
    part.kind === "unsatisfiable"
      ? `no value satisfies ${part.what}, which the operation requires; it requires ${part.reason} (pointers into contract.json)`
      : `${part.what}, which the operation requires, is ${part.reason}`;
  return `${id}: ${cause}. No request can keep the contract: the gallery shows its stories as unsendable and sends nothing, and the coverage shows its pairs as unsatisfiable.`;
}

export function unsatisfiableWarnings(manifest: Manifest, contract: ContractSchemas, at: Locator): Problem[] {
  const problems: Problem[] = [];
  /** The proof that no value satisfies the schema at `steps` under the response, but an empty enum's (warned where written). */
  const proofAt = (id: string, status: string, schema: unknown, ...steps: string[]) => {
    const proof = proveUnsatisfiable(
      schema,
      contract.components.schemas,
      schemaPointer(id, "responses", status, ...steps),
    );
    return proof === undefined || proof.reason.startsWith("an empty enum") ? undefined : proof;
  };
  const warn = (source: string, message: string, fix: string) =>
    problems.push(warningAt(at, source, { rule: "unsatisfiable-schema", message, fix }));
  for (const operation of manifest.operations) {
    const id = operation.operationId;
    for (const part of unsendableRequest(contract, id, operation.method)) {
      if (part.kind === "unsatisfiable" && part.reason.startsWith("an empty enum")) continue;
      const [first] = part.steps;
      const place = first === "requestBody" ? `${part.steps.map(escapeSegment).join("/")}/schema` : "parameters";
      warn(`/paths/${escapeSegment(operation.path)}/${operation.method}/${place}`, said(id, part), FIXES[part.kind]);
    }
    const responses = contract.operations[id]?.responses ?? {};
    for (const [status, response] of Object.entries(responses)) {
      const under = `/paths/${escapeSegment(operation.path)}/${operation.method}/responses/${escapeSegment(status)}`;
      for (const [mediaType, media] of Object.entries(response.content)) {
        const proof = proofAt(id, status, media.schema, "content", mediaType, "schema");
        if (proof === undefined) continue;
        warn(
          `${under}/content/${escapeSegment(mediaType)}/schema`,
          `${id} → ${status} (${mediaType}): no body satisfies this schema; it requires ${proof.reason} (pointers into contract.json). The fixtures answer it without a body, and the gallery and the coverage show it as unsatisfiable.`,
          "make the keywords agree (a discriminator's values can be given in its `mapping`).",
        );
        break;
      }
      for (const [name, header] of Object.entries(response.headers ?? {})) {
        const proof = proofAt(id, status, header.schema, "headers", name, "schema");
        if (proof === undefined) continue;
        warn(
          `${under}/headers/${escapeSegment(name)}/schema`,
          `${id} → ${status}: no value of the header ${name} satisfies its schema; it requires ${proof.reason} (pointers into contract.json). ${header.required ? "It is required: the fixtures answer without it, and the gallery and the coverage show the status as unsatisfiable." : "The fixtures' answers leave it out."}`,
          "make the keywords agree (an integer header's `enum` lists numbers).",
        );
      }
    }
  }
  return problems;
}

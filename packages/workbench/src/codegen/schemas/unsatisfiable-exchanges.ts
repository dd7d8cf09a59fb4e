// Requests and responses no value satisfies because their schema contradicts itself (a
// discriminator's implicit value outside its property's enum, two enums with nothing in common,
// bounds that cross), proven by the shared prover (../../contract/unsatisfiable/): said once
// per operation (a required parameter or body) and once per operation × status (a body, a
// required header), located in the contract. Such a part fails no test: the gallery and the
// coverage show it as unsendable or unsatisfiable. An empty `enum` is warned where it is
// written (./contract-checks.ts), not again here.
import type { ContractSchemas } from "../../contract/contract-types.ts";
import { escapeSegment, schemaPointer } from "../../contract/pointer.ts";
import { proveUnsatisfiable } from "../../contract/unsatisfiable/prover.ts";
import { unsatisfiableRequest } from "../../contract/unsatisfiable/requests.ts";
import { warningAt, type Locator, type Problem } from "../input/contract-error.ts";
import type { Manifest } from "../manifest/manifest.ts";

/**
 * One located warning per operation whose required request no value can satisfy, one per
 * operation × status whose body none can, and one per header none can, for a reason other
 * than an empty `enum`.
 *
 * @example
 * unsatisfiableWarnings(manifest, contract, (pointer) => ({ file: entry, line: 3 }));
 */
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
    const request = unsatisfiableRequest(contract, id);
    if (request !== undefined && !request.reason.startsWith("an empty enum")) {
      const [first] = request.steps;
      const place = first === "requestBody" ? `${request.steps.map(escapeSegment).join("/")}/schema` : "parameters";
      warn(
        `/paths/${escapeSegment(operation.path)}/${operation.method}/${place}`,
        `${id}: no value satisfies ${request.what}, which the operation requires; it requires ${request.reason} (pointers into contract.json). No request can keep the contract: the gallery shows its stories as unsendable and sends nothing, and the coverage shows its pairs as unsatisfiable.`,
        "make the keywords agree, or make the part optional.",
      );
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

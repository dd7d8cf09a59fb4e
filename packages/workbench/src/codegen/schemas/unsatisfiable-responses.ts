// Responses no body (or no value of a declared header) can satisfy because their schema contradicts itself (a discriminator's
// implicit value outside the enum of the same property, two enums with nothing in common,
// bounds that cross): proven by the shared prover (../../contract/unsatisfiable/prover.ts) on the schemas
// as contract.json holds them, said once per operation × status with the place in the
// contract. The fixtures answer such a pair without a body and the gallery and coverage
// show it as unsatisfiable; it fails no test. An empty `enum` is warned where it is
// written (./contract-checks.ts), not again here.
import type { ContractSchemas } from "../../contract/contract-types.ts";
import { escapeSegment, schemaPointer } from "../../contract/pointer.ts";
import { proveUnsatisfiable } from "../../contract/unsatisfiable/prover.ts";
import { warningAt, type Locator, type Problem } from "../input/contract-error.ts";
import type { Manifest } from "../manifest/manifest.ts";

/**
 * One located warning per operation × status whose body no value can satisfy, and one per
 * header no value can, for a reason other than an empty `enum`.
 *
 * @example
 * unsatisfiableResponseWarnings(manifest, contract, (pointer) => ({ file: entry, line: 3 }));
 */
export function unsatisfiableResponseWarnings(manifest: Manifest, contract: ContractSchemas, at: Locator): Problem[] {
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

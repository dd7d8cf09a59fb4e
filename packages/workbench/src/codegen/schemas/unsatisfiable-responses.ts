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
import type { Problem } from "../input/contract-error.ts";
import type { Manifest } from "../manifest/manifest.ts";

/**
 * One located warning per operation × status whose body no value can satisfy, and one per
 * header no value can, for a reason other than an empty `enum`.
 *
 * @example
 * unsatisfiableResponseWarnings(manifest, contract, (pointer) => ({ file: entry, line: 3 }));
 */
export function unsatisfiableResponseWarnings(
  manifest: Manifest,
  contract: ContractSchemas,
  at: (pointer: string) => Pick<Problem, "file" | "line" | "column">,
): Problem[] {
  const problems: Problem[] = [];
  for (const operation of manifest.operations) {
    const responses = contract.operations[operation.operationId]?.responses ?? {};
    for (const [status, response] of Object.entries(responses)) {
      for (const [mediaType, media] of Object.entries(response.content)) {
        const place = schemaPointer(operation.operationId, "responses", status, "content", mediaType, "schema");
        const proof = proveUnsatisfiable(media.schema, contract.components.schemas, place);
        if (proof === undefined || proof.reason.startsWith("an empty enum")) continue;
        const source = `/paths/${escapeSegment(operation.path)}/${operation.method}/responses/${escapeSegment(status)}/content/${escapeSegment(mediaType)}/schema`;
        problems.push({
          severity: "warning",
          ...at(source),
          pointer: `#${source}`,
          rule: "unsatisfiable-schema",
          message: `${operation.operationId} → ${status} (${mediaType}): no body satisfies this schema; it requires ${proof.reason} (pointers into contract.json). The fixtures answer it without a body, and the gallery and the coverage show it as unsatisfiable.`,
          fix: "make the keywords agree (a discriminator's values can be given in its `mapping`).",
        });
        break;
      }
      for (const [name, header] of Object.entries(response.headers ?? {})) {
        const place = schemaPointer(operation.operationId, "responses", status, "headers", name, "schema");
        const proof = proveUnsatisfiable(header.schema, contract.components.schemas, place);
        if (proof === undefined || proof.reason.startsWith("an empty enum")) continue;
        const source = `/paths/${escapeSegment(operation.path)}/${operation.method}/responses/${escapeSegment(status)}/headers/${escapeSegment(name)}/schema`;
        problems.push({
          severity: "warning",
          ...at(source),
          pointer: `#${source}`,
          rule: "unsatisfiable-schema",
          message: `${operation.operationId} → ${status}: no value of the header ${name} satisfies its schema; it requires ${proof.reason} (pointers into contract.json). ${header.required ? "It is required: the fixtures answer without it, and the gallery and the coverage show the status as unsatisfiable." : "The fixtures' answers leave it out."}`,
          fix: "make the keywords agree (an integer header's `enum` lists numbers).",
        });
      }
    }
  }
  return problems;
}

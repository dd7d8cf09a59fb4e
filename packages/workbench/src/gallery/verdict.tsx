import type { JsonSchema } from "../contract/contract-types.ts";
import { declaredStatus } from "../contract/media-and-status.ts";
import { schemaPointer } from "../contract/pointer.ts";
import type { SchemaFailure } from "../fixtures/check/validator.ts";

export interface ValueCheck {
  check(pointer: string, value: unknown): SchemaFailure[];
}

export type Verdict =
  { kind: "valid"; what: string } | { kind: "invalid"; problems: string[] } | { kind: "none"; why: string };

export function failureText(failure: SchemaFailure): string {
  return `${failure.pointer || "/"}: expected ${failure.expected}, got ${failure.actual}`;
}

/** `body` undefined: none arrived. */
export function check(
  validator: ValueCheck,
  operationId: string,
  status: string,
  mediaType: string | undefined,
  schema: JsonSchema | undefined,
  body: unknown,
): Verdict {
  if (mediaType === undefined) {
    return body === undefined || body === ""
      ? { kind: "valid", what: `${status}, no body, as declared` }
      : { kind: "invalid", problems: ["a body arrived where the contract declares none"] };
  }
  if (schema === undefined) return { kind: "none", why: `The contract declares no schema for ${mediaType}.` };
  if (body instanceof Blob)
    return { kind: "none", why: `A binary body (${mediaType}) is not checked against a schema.` };
  const pointer = schemaPointer(operationId, "responses", status, "content", mediaType, "schema");
  const failures = validator.check(pointer, body);
  if (failures.length === 0) return { kind: "valid", what: `${status}, ${mediaType}` };
  return { kind: "invalid", problems: failures.map(failureText) };
}

export function failureVerdict(
  answered: number | undefined,
  responses: Record<string, unknown> | undefined,
  status: string,
  what: "response" | "stream",
  declared: () => Verdict,
): Verdict {
  if (answered === undefined)
    return { kind: "none", why: `No ${what} arrived, so there is nothing to check against the contract.` };
  if (declaredStatus(responses ?? {}, answered) !== status) {
    return {
      kind: "invalid",
      problems: [`answered HTTP ${answered}, which the contract does not declare as ${status}`],
    };
  }
  return declared();
}

/** The stories' tests read `data-verdict`. */
export function VerdictLine({ verdict }: { verdict: Verdict }) {
  return (
    <div className="operation-response__verdict" role="status" data-verdict={verdict.kind}>
      {verdict.kind === "valid" ? (
        <p>Matches the contract ({verdict.what}).</p>
      ) : verdict.kind === "none" ? (
        <p>{verdict.why}</p>
      ) : (
        <>
          <p>Does not match the contract:</p>
          <ul>
            {verdict.problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

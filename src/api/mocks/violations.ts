/** Which part of a mocked exchange broke the contract. */
export type ViolationPlace =
  | "request path"
  | "request query"
  | "request header"
  | "request body"
  | "response status"
  | "response media type"
  | "response body"
  | "fixture data";

/** One way a mocked request or response differs from what the contract declares. */
export interface Violation {
  operationId: string;
  /** The response status, when the response is at fault. */
  status?: string;
  place: ViolationPlace;
  /** JSON pointer into the body, or the parameter's name (`/items/0/id`, `limit`). */
  pointer: string;
  expected: string;
  actual: string;
}

const seen: Violation[] = [];
const listeners = new Set<(violation: Violation) => void>();

/** One line per violation, e.g. `getNote → 200 response body at /id: expected string, got 42`. */
export function formatViolation({ operationId, status, place, pointer, expected, actual }: Violation): string {
  const at = pointer === "" ? "" : ` at ${pointer}`;
  return `${operationId}${status === undefined ? "" : ` → ${status}`} ${place}${at}: expected ${expected}, got ${actual}`;
}

/** Records a violation: logged, shown on the story, and kept until the running test or story fails with it. */
export function reportViolation(violation: Violation): void {
  seen.push(violation);
  console.error(`[mocks] Contract violation: ${formatViolation(violation)}`);
  for (const listener of listeners) listener(violation);
}

/**
 * Returns, and forgets, the violations seen since the last call.
 *
 * @example
 * afterEach(async () => {
 *   await fixtures.settled();
 *   const violations = takeViolations();
 *   if (violations.length > 0) throw new Error(violations.map(formatViolation).join("\n"));
 * });
 */
export function takeViolations(): Violation[] {
  return seen.splice(0);
}

/** Calls `listener` with each violation from now on (the workbench's banner uses it); returns the unsubscribe. */
export function onViolation(listener: (violation: Violation) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

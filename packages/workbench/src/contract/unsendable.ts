// What fetch cannot do, so no story, test or bench exchange can show it: send a forbidden method, or
// hand the page a 1xx answer. One rule for the gallery, the bench, the coverage and `npm run api`'s warning.

/** The methods fetch refuses to send (the Fetch standard's forbidden methods), in capitals. */
const FORBIDDEN_METHODS = new Set(["CONNECT", "TRACE", "TRACK"]);

/** Why fetch cannot send a request of this method; undefined when it can. */
export function unsendableMethod(method: string): string | undefined {
  const upper = method.toUpperCase();
  return FORBIDDEN_METHODS.has(upper)
    ? `fetch refuses to send ${upper} (the Fetch standard forbids CONNECT, TRACE and TRACK)`
    : undefined;
}

/** Why no fetch call can receive this declared status (`101`, `1XX`); undefined when one can. */
export function unanswerableStatus(status: string): string | undefined {
  return /^1(?:\d\d|XX)$/i.test(status)
    ? "a 1xx status never reaches a fetch caller (a Response holds 200 to 599; fetch does not follow a 101 upgrade and skips interim answers)"
    : undefined;
}

/** Why fetch cannot exchange an operation × status (its method, else its status); undefined when it can. */
export function unsendablePair(operation: { method: string }, status: string): string | undefined {
  return unsendableMethod(operation.method) ?? unanswerableStatus(status);
}

/** How many of an operation's declared statuses the gallery has a story of (those fetch can exchange). */
export function sendableResponses(operation: { method: string; responses: ReadonlyArray<{ status: string }> }): number {
  return operation.responses.filter(({ status }) => unsendablePair(operation, status) === undefined).length;
}

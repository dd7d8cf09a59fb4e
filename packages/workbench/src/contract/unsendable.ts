// What fetch cannot exchange, so no story, test or bench can show it: one rule for every capability.

const FORBIDDEN_METHODS = new Set(["CONNECT", "TRACE", "TRACK"]);

export function unsendableMethod(method: string): string | undefined {
  const upper = method.toUpperCase();
  return FORBIDDEN_METHODS.has(upper)
    ? `fetch refuses to send ${upper} (the Fetch standard forbids CONNECT, TRACE and TRACK)`
    : undefined;
}

export function unanswerableStatus(status: string): string | undefined {
  return /^1(?:\d\d|XX)$/i.test(status)
    ? "a 1xx status never reaches a fetch caller (a Response holds 200 to 599; fetch does not follow a 101 upgrade and skips interim answers)"
    : undefined;
}

export function unsendablePair(operation: { method: string }, status: string): string | undefined {
  return unsendableMethod(operation.method) ?? unanswerableStatus(status);
}

export function sendableResponses(operation: { method: string; responses: ReadonlyArray<{ status: string }> }): number {
  return operation.responses.filter(({ status }) => unsendablePair(operation, status) === undefined).length;
}

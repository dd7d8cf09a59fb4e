/**
 * Escapes one segment of a JSON pointer (RFC 6901).
 *
 * @example
 * pointerSegment("application/json"); // "application~1json"
 */
export function pointerSegment(segment: string): string {
  return segment.replaceAll("~", "~0").replaceAll("/", "~1");
}

/**
 * Reads one segment of a JSON pointer back (RFC 6901).
 *
 * @example
 * unescapeSegment("application~1json"); // "application/json"
 */
export function unescapeSegment(segment: string): string {
  return segment.replaceAll("~1", "/").replaceAll("~0", "~");
}

// Which streamed answers are pairs of their own, for the gallery and contract coverage alike.
// A declared status whose preferred media type streams (all a 3.2 `itemSchema` response
// declares) is answered as that stream by its own pair; a stream declared beside JSON (OpenAI's
// `text/event-stream` beside `application/json`) is asked for by the request's `Accept`, and is
// an operation × status × media type pair of its own.
import type { ManifestResponse, ManifestStream } from "@contract-workbench/runtime/manifest";
import { preferredMediaType } from "./media-and-status.ts";

/**
 * The streams of a declared response that its own pair does not answer with.
 *
 * @example
 * streamPairs({ status: "200", mediaTypes: ["application/json", "text/event-stream"], streams: [sse] }); // [sse]
 */
export function streamPairs(response: ManifestResponse): ManifestStream[] {
  const preferred = preferredMediaType(response.mediaTypes);
  return (response.streams ?? []).filter((stream) => stream.mediaType !== preferred);
}

/**
 * A pair's name: its status, and a stream pair's media type after it.
 *
 * @example
 * pairLabel("200", "text/event-stream"); // "200 text/event-stream"
 */
export function pairLabel(status: string, stream?: string): string {
  return stream === undefined ? status : `${status} ${stream}`;
}

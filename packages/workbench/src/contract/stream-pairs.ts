// Which streamed answers are pairs of their own, for the gallery and the coverage alike: a stream
// declared beside JSON is asked for by the request's `Accept`, so it is an operation × status × media
// type pair; a status whose preferred media type streams is answered as that stream by its own pair.
import type { ManifestResponse, ManifestStream } from "@contract-workbench/runtime/manifest";
import { preferredMediaType } from "./media-and-status.ts";

/** The streams of a declared response that its own pair does not answer with. */
export function streamPairs(response: ManifestResponse): ManifestStream[] {
  const preferred = preferredMediaType(response.mediaTypes);
  return (response.streams ?? []).filter((stream) => stream.mediaType !== preferred);
}

/** A pair's name: its status, and a stream pair's media type after it (`200 text/event-stream`). */
export function pairLabel(status: string, stream?: string): string {
  return stream === undefined ? status : `${status} ${stream}`;
}

// A stream declared beside JSON is asked for by `Accept`, so it is an operation × status × media type pair.
import type { ManifestResponse, ManifestStream } from "@contract-workbench/runtime/manifest";
import { preferredMediaType } from "./media-and-status.ts";

export function streamPairs(response: ManifestResponse): ManifestStream[] {
  const preferred = preferredMediaType(response.mediaTypes);
  return (response.streams ?? []).filter((stream) => stream.mediaType !== preferred);
}

export function pairLabel(status: string, stream?: string): string {
  return stream === undefined ? status : `${status} ${stream}`;
}

// A gallery story's call arguments from its sample request, for the hooks and the streams alike.
import { bodyOptionsFor } from "@contract-workbench/runtime";
import type { SampleRequest } from "../fixtures/contract-fixtures.ts";

/**
 * The body in the media type the operation declares, written by its `encoding` (the client does
 * this for the product's own operations; the gallery's may be another contract's).
 */
export function bodyInit(sample: SampleRequest): object {
  if (sample.body === undefined) return {};
  return { body: sample.body, ...bodyOptionsFor(sample.mediaType ?? "application/json", sample.encoding) };
}

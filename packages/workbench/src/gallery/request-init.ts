import { bodyOptionsFor } from "@contract-workbench/runtime";
import type { SampleRequest } from "../fixtures/contract-fixtures.ts";

/** The body in its declared media type (the client does it for the product's operations only). */
export function bodyInit(sample: SampleRequest): object {
  if (sample.body === undefined) return {};
  return { body: sample.body, ...bodyOptionsFor(sample.mediaType ?? "application/json", sample.encoding) };
}

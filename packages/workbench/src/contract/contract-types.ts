// The shape of `contract.json`, which `npm run api` writes beside the manifest: the schemas and
// examples as plain JSON Schema 2020-12, whatever the OpenAPI version. Shared by the codegen and
// the fixtures (which generate and check against it), so it holds no runtime imports.
import type { StreamFormat } from "@contract-workbench/runtime/streams";

/** A JSON Schema (2020-12) as the contract holds it; `$ref`s point at `#/components/schemas/<name>`. */
export type JsonSchema = boolean | { [keyword: string]: unknown };

/** The URI of the dialect every schema in `contract.json` is written in. */
export const JSON_SCHEMA_DIALECT = "https://json-schema.org/draft/2020-12/schema";

export interface ContractParameter {
  name: string;
  in: "path" | "query" | "header" | "cookie";
  required: boolean;
  /** Absent when the parameter is described by `content` instead (not validated). */
  schema?: JsonSchema;
  /** OpenAPI's serialisation: `form`, `simple`, `deepObject`, … (the defaults per location apply when absent). */
  style?: string;
  explode?: boolean;
}

/** How a streamed media type's items are framed, and whether an SSE event's `data` holds JSON. */
export interface ContractStream {
  format: StreamFormat;
  data?: "json" | "text";
}

export interface ContractMediaType {
  /**
   * Absent when the media type declares no schema: any body is accepted and none is generated.
   * For a stream, the whole sequence: `{ type: "array", items: <the item schema> }`.
   */
  schema?: JsonSchema;
  /** Set when the media type streams: its items are sent, read and checked one at a time. */
  stream?: ContractStream;
  /** The contract's own examples for this media type (`example`, then each of `examples`), in order; a stream's are sequences. */
  examples: unknown[];
  /**
   * The name of each of `examples` (null for a 3.0 `example`, which has none); absent when
   * none is named, so that contracts without named examples give the same contract.json.
   */
  exampleNames?: (string | null)[];
}

/** A header a response declares (only when it declares some): whether it must be sent, its schema and examples. */
export interface ContractHeader {
  required: boolean;
  schema?: JsonSchema;
  /** The header's own examples (`example`, then each of `examples`), in order; absent when it has none. */
  examples?: unknown[];
}

export interface ContractOperation {
  parameters: ContractParameter[];
  requestBody: { required: boolean; content: Record<string, ContractMediaType> } | null;
  /** By status as declared ("200", "4XX", "default"); `content` is `{}` for a response without a body. */
  responses: Record<string, { content: Record<string, ContractMediaType>; headers?: Record<string, ContractHeader> }>;
}

export interface ContractSchemas {
  /** The OpenAPI version the contract was written in (its schemas are converted from that dialect). */
  openapi: string;
  $schema: typeof JSON_SCHEMA_DIALECT;
  components: { schemas: Record<string, JsonSchema> };
  /** By `operationId`, the same keys as the manifest's operations. */
  operations: Record<string, ContractOperation>;
}

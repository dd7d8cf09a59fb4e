// The shape of `contract.json`: shared by the codegen and the fixtures, so no runtime imports.
import type { StreamFormat } from "@contract-workbench/runtime/streams";

/** A JSON Schema (2020-12) as the contract holds it; `$ref`s point at `#/components/schemas/<name>`. */
export type JsonSchema = boolean | { [keyword: string]: unknown };

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

export interface ContractStream {
  format: StreamFormat;
  data?: "json" | "text";
}

export interface ContractMediaType {
  /** Absent: any body is accepted, none generated. For a stream, `{ type: "array", items: <item schema> }`. */
  schema?: JsonSchema;
  stream?: ContractStream;
  /** `example`, then each of `examples`, in order; a stream's are sequences. */
  examples: unknown[];
  /** Null for a 3.0 `example`; absent when none is named, so such contracts give the same contract.json. */
  exampleNames?: (string | null)[];
}

export interface ContractHeader {
  required: boolean;
  schema?: JsonSchema;
  examples?: unknown[];
}

export interface ContractOperation {
  parameters: ContractParameter[];
  requestBody: { required: boolean; content: Record<string, ContractMediaType> } | null;
  /** By status as declared ("200", "4XX", "default"); `content` is `{}` for a response without a body. */
  responses: Record<string, { content: Record<string, ContractMediaType>; headers?: Record<string, ContractHeader> }>;
}

export interface ContractSchemas {
  openapi: string;
  $schema: typeof JSON_SCHEMA_DIALECT;
  components: { schemas: Record<string, JsonSchema> };
  /** By `operationId`, the same keys as the manifest's operations. */
  operations: Record<string, ContractOperation>;
}

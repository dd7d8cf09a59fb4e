// The manifest `npm run api` writes, shared by the workbench's generator and the app: no runtime imports.
import type { StreamFormat } from "./stream-formats.ts";

/** HTTP methods an OpenAPI path item can hold, in the specification's order. */
export const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"] as const;
export type Method = (typeof METHODS)[number];

/** One of {@link METHODS}, or (OpenAPI 3.2) `query` or an `additionalOperations` method; lower case. */
export type OperationMethod = Method | "query" | (string & {});

/** A response media type whose items arrive one at a time, each of the contract's item schema. */
export interface ManifestStream {
  mediaType: string;
  format: StreamFormat;
  /** For `sse`: whether each event's `data` holds JSON (handed over parsed) or text. */
  data?: "json" | "text";
}

export interface ManifestParameter {
  name: string;
  in: "path" | "query" | "header" | "cookie";
  required: boolean;
  /** A query parameter's declared style, only when not `form` (the client writes the query by it). */
  style?: FieldStyle;
  /** A query parameter's declared `explode`, only when not its style's default (`true` for `form`). */
  explode?: boolean;
  /** Only when true: a query parameter's reserved characters (`/`, `?`, `[`, …) go unencoded. */
  allowReserved?: true;
}

export interface ManifestResponse {
  /** As declared: "200", "4XX", "default". */
  status: string;
  mediaTypes: string[];
  /** The headers it declares (`Location`, …), only when it declares some. */
  headers?: string[];
  /** Those of its headers whose schema is a number or a boolean (else the value is text). */
  headerTypes?: Record<string, "number" | "boolean">;
  /** Its media types that stream, only when some do. */
  streams?: ManifestStream[];
}

/** `x-fixtures-resource`: the operation's resource and the property keying its items, or `false` (stateless). */
export type ManifestResource = { name?: string; key?: string } | false;

export type PagingStyle = "cursor" | "offset" | "page" | "link";

/** How a list operation pages. Field paths are dotted (`meta.total`) in the success body; `""` is the body. */
export interface ManifestPagination {
  style: PagingStyle;
  /** Read from the shapes of the operation (`inferred`) or written in `x-pagination`. */
  from: "inferred" | "extension";
  /** The query parameter that asks for the next page: the cursor, the offset, the page number (absent for `link` without one). */
  param?: string;
  /** The query parameter that sets the page size, and its declared default. */
  size?: string;
  defaultSize?: number;
  items: string;
  /** `cursor`: the field holding the next cursor; `offset`/`page`: a field holding the next page's URL (null at the end). */
  next?: string;
  /** `cursor` without a `next` field: the property of the last item that is the next cursor (`id` for `after=<last id>`). */
  lastItem?: string;
  /** A boolean field that is false on the last page (`has_more`). */
  hasMore?: string;
  /** An integer field counting every matching item (`total_count`). */
  total?: string;
  /** `page`: the number of the first page (1, or 0 when the parameter's minimum is 0). */
  first?: number;
}

/** RFC 6570 styles a form field may be written in (OpenAPI's query styles). */
export type FieldStyle = "form" | "spaceDelimited" | "pipeDelimited" | "deepObject";

/** A form property's text (OpenAPI's Encoding Object): in a query style when one of those is set, else by type. */
export interface FieldEncoding {
  contentType?: string;
  style?: FieldStyle;
  explode?: boolean;
  allowReserved?: boolean;
}

/** One operation of the contract, as the app, the fixtures, Storybook and tools see it. */
export interface ManifestOperation {
  operationId: string;
  method: OperationMethod;
  path: string;
  summary: string | null;
  tags: string[];
  /** Path-level and operation-level parameters, merged (the operation's win). */
  parameters: ManifestParameter[];
  requestBody: {
    required: boolean;
    mediaTypes: string[];
    /** Per form media type, the encoding its properties declare (only where some do). */
    encoding?: Record<string, Record<string, FieldEncoding>>;
  } | null;
  responses: ManifestResponse[];
  /** The operation's security, else the document's: alternatives of scheme names needed together. */
  security: string[][];
  /** `x-fixtures-resource` of the operation (else of its path item), only when present. */
  resource?: ManifestResource;
  pagination?: ManifestPagination;
}

/** One resource of the contract and the paths that read or change it. */
export interface ManifestResourcePaths {
  name: string;
  paths: string[];
}

/** What the contract holds, in a form that needs no OpenAPI parser to read. */
export interface Manifest {
  title: string;
  version: string;
  openapi: string;
  operations: ManifestOperation[];
  /** The paths the contract's servers put before every operation's (`/api/v3`); absent when all are at the root. */
  servers?: string[];
  /** Each named schema, with a hash of its definition. */
  schemas: Array<{ name: string; hash: string }>;
  /** The resources the stateful fixtures find: a mutation on one path refreshes the reads of all. */
  resources?: ManifestResourcePaths[];
}

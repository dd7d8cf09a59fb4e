// The shape of the operation manifest `npm run api` writes. Shared by the generator
// (scripts/) and the app, so it holds no runtime imports of its own.

/** HTTP methods an OpenAPI path item can hold, in the specification's order. */
export const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"] as const;
export type Method = (typeof METHODS)[number];

export interface ManifestParameter {
  name: string;
  in: "path" | "query" | "header" | "cookie";
  required: boolean;
}

export interface ManifestResponse {
  /** As declared: "200", "4XX", "default". */
  status: string;
  /** The media types of its body, `[]` when it has none. */
  mediaTypes: string[];
  /** The headers it declares (`Location`, …), only when it declares some. */
  headers?: string[];
}

/**
 * What `x-fixtures-resource` on an operation or its path item says: the resource the
 * operation belongs to and the property that keys its items, or `false` to keep the
 * operation's answers stateless (see workbench/fixtures/resources/README.md).
 */
export type ManifestResource = { name?: string; key?: string } | false;

/** One operation of the contract, as the app, the fixtures, Storybook and tools see it. */
export interface ManifestOperation {
  operationId: string;
  method: Method;
  path: string;
  summary: string | null;
  tags: string[];
  /** Path-level and operation-level parameters, merged (the operation's win). */
  parameters: ManifestParameter[];
  requestBody: { required: boolean; mediaTypes: string[] } | null;
  responses: ManifestResponse[];
  /**
   * The security that applies (the operation's, else the document's): each entry is
   * one alternative, listing the scheme names it needs together. `[]` = no security.
   */
  security: string[][];
  /** `x-fixtures-resource` of the operation (else of its path item), only when present. */
  resource?: ManifestResource;
}

/** What the contract holds, in a form that needs no OpenAPI parser to read. */
export interface Manifest {
  title: string;
  version: string;
  openapi: string;
  operations: ManifestOperation[];
  /** Each named schema, with a hash of its definition so a change can be detected. */
  schemas: Array<{ name: string; hash: string }>;
}

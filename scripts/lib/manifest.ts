import type { OpenAPI3, ReferenceObject } from "openapi-typescript";

const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"] as const;

/** One operation of the contract, as the app, the fixtures and Storybook see it. */
export interface ManifestOperation {
  operationId: string | null;
  method: (typeof METHODS)[number];
  path: string;
  summary: string | null;
  tags: string[];
}

/** What the contract holds, in a form that needs no OpenAPI parser to read. */
export interface Manifest {
  title: string;
  version: string;
  openapi: string;
  operations: ManifestOperation[];
  schemas: string[];
}

function isReference(value: object): value is ReferenceObject {
  return "$ref" in value;
}

/**
 * Lists the operations and named schemas of a bundled OpenAPI document.
 *
 * @example
 * buildManifest(document).operations.map((op) => `${op.method} ${op.path}`);
 */
export function buildManifest(document: OpenAPI3): Manifest {
  const operations: ManifestOperation[] = [];
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    if (isReference(item)) continue; // bundled documents inline path items
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation || isReference(operation)) continue;
      operations.push({
        operationId: operation.operationId ?? null,
        method,
        path,
        summary: operation.summary ?? null,
        tags: operation.tags ?? [],
      });
    }
  }
  return {
    title: document.info.title,
    version: document.info.version,
    openapi: document.openapi,
    operations,
    schemas: Object.keys(document.components?.schemas ?? {}).sort(),
  };
}

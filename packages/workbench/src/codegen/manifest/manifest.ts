import type {
  HeaderObject,
  OpenAPI3,
  ParameterObject,
  RequestBodyObject,
  ResponseObject,
  SchemaObject,
} from "openapi-typescript";

import { define, own } from "../../contract/own.ts";
import { escapeSegment } from "../../contract/pointer.ts";
import { isRecord } from "../../contract/records.ts";
import type {
  FieldEncoding,
  FieldStyle,
  Manifest,
  ManifestOperation,
  ManifestParameter,
  ManifestResource,
} from "@contract-workbench/runtime/manifest";
import { type Locator, refuseAt } from "../input/contract-error.ts";
import { deref, isRequired, operationParameters, operationsOf, type OperationEntry } from "./operations.ts";
import { streamMarkOf } from "../lowering/openapi-32.ts";
import { findPaging, type PagingFinding } from "../paging/pagination.ts";
import { hash } from "../regeneration-stamp.ts";

export type { Manifest, ManifestOperation, ManifestParameter } from "@contract-workbench/runtime/manifest";

/** The declared headers whose values are not text (`X-RateLimit-Remaining: integer`), so the client can read them as typed. */
function headerTypesOf(document: OpenAPI3, response: ResponseObject | undefined): Record<string, "number" | "boolean"> {
  const types: Record<string, "number" | "boolean"> = {};
  for (const [name, raw] of Object.entries(response?.headers ?? {})) {
    const header = deref<HeaderObject>(document, raw);
    const schema = header?.schema === undefined ? undefined : deref<SchemaObject>(document, header.schema);
    const type: unknown = schema && "type" in schema ? schema.type : undefined;
    const named: unknown = Array.isArray(type) ? (type as unknown[]).find((entry) => entry !== "null") : type;
    if (named === "integer" || named === "number") define(types, name, "number");
    else if (named === "boolean") define(types, name, "boolean");
  }
  return types;
}

const STYLES = new Set(["form", "spaceDelimited", "pipeDelimited", "deepObject"]);

/** A query parameter's style, explode and allowReserved, each only where it differs from OpenAPI's default. */
function queryStyleOf(parameter: ParameterObject): Pick<ManifestParameter, "style" | "explode" | "allowReserved"> {
  const style = typeof parameter.style === "string" && STYLES.has(parameter.style) ? parameter.style : "form";
  const explode = typeof parameter.explode === "boolean" ? parameter.explode : style === "form";
  return {
    ...(style === "form" ? {} : { style: style as FieldStyle }),
    ...(explode === (style === "form") ? {} : { explode }),
    ...(parameter.allowReserved === true ? { allowReserved: true as const } : {}),
  };
}

/** A request body's media types, and for a form each property's Encoding Object (what decides the text sent). */
function requestBodyOf(body: RequestBodyObject): NonNullable<ManifestOperation["requestBody"]> {
  const content = body.content ?? {};
  const encoding: Record<string, Record<string, FieldEncoding>> = {};
  for (const [mediaType, media] of Object.entries(content)) {
    const essence = mediaType.split(";")[0]?.trim().toLowerCase() ?? "";
    if (essence !== "application/x-www-form-urlencoded" && !essence.startsWith("multipart/")) continue;
    const fields: Record<string, FieldEncoding> = {};
    const declared = isRecord(media) && isRecord(media.encoding) ? media.encoding : {};
    for (const [name, raw] of Object.entries(declared)) {
      if (!isRecord(raw)) continue;
      const field: FieldEncoding = {};
      if (typeof raw.contentType === "string") field.contentType = raw.contentType;
      if (typeof raw.style === "string" && STYLES.has(raw.style)) field.style = raw.style as FieldStyle;
      if (typeof raw.explode === "boolean") field.explode = raw.explode;
      if (typeof raw.allowReserved === "boolean") field.allowReserved = raw.allowReserved;
      if (Object.keys(field).length > 0) define(fields, name, field);
    }
    if (Object.keys(fields).length > 0) define(encoding, mediaType, fields);
  }
  return {
    required: body.required ?? false,
    mediaTypes: Object.keys(content),
    ...(Object.keys(encoding).length > 0 ? { encoding } : {}),
  };
}

export function buildManifest(
  document: OpenAPI3,
  locate: Locator = () => ({ file: "" }),
  /** Receives what was found for each list operation (how it pages, or why not). */
  paging: PagingFinding[] = [],
): Manifest {
  const operations: ManifestOperation[] = operationsOf(document).map((entry) => {
    const { path, method, operation } = entry;
    const resource = resourceOf(document, entry, locate);
    const finding = findPaging(document, entry, locate);
    if (finding) paging.push(finding);
    const parameters = operationParameters(document, entry).map((parameter) => ({
      name: parameter.name,
      in: parameter.in,
      required: isRequired(parameter),
      ...(parameter.in === "query" ? queryStyleOf(parameter) : {}),
    }));
    const body = operation.requestBody ? deref<RequestBodyObject>(document, operation.requestBody) : undefined;
    const responses = Object.entries(operation.responses ?? {}).map(([status, raw]) => {
      const response = deref<ResponseObject>(document, raw);
      const headers = Object.keys(response?.headers ?? {});
      const headerTypes = headerTypesOf(document, response);
      const streams = Object.entries(response?.content ?? {}).flatMap(([mediaType, media]) => {
        const mark = streamMarkOf(media);
        return mark === undefined ? [] : [{ mediaType, ...mark }];
      });
      return {
        status,
        mediaTypes: Object.keys(response?.content ?? {}),
        ...(headers.length > 0 ? { headers } : {}),
        ...(Object.keys(headerTypes).length > 0 ? { headerTypes } : {}),
        ...(streams.length > 0 ? { streams } : {}),
      };
    });
    const security = operation.security ?? document.security ?? [];
    return {
      operationId: entry.key,
      method,
      path,
      summary: operation.summary ?? null,
      tags: operation.tags ?? [],
      parameters,
      requestBody: body ? requestBodyOf(body) : null,
      responses,
      security: security.map((requirement) => Object.keys(requirement)),
      ...(resource === undefined ? {} : { resource }),
      ...(finding?.pagination === undefined ? {} : { pagination: finding.pagination }),
    };
  });
  const servers = serverPaths(document);
  return {
    title: document.info.title,
    version: document.info.version,
    openapi: document.openapi,
    operations,
    ...(servers.length > 0 ? { servers } : {}),
    schemas: Object.entries(document.components?.schemas ?? {})
      .map(([name, schema]) => ({ name, hash: hash(JSON.stringify(schema)).slice(0, 16) }))
      .sort((a, b) => a.name.localeCompare(b.name)),
  };
}

/** The path of each server URL declared anywhere, `{variables}` kept: `https://{region}.x.com/v1/` is `/v1`; never the root. */
function serverPaths(document: OpenAPI3): string[] {
  const declared = [
    ...(document.servers ?? []),
    ...Object.values(document.paths ?? {}).flatMap((raw) => deref(document, raw)?.servers ?? []),
    ...operationsOf(document).flatMap(({ operation }) => operation.servers ?? []),
  ];
  const paths = declared.flatMap(({ url }) => {
    if (typeof url !== "string") return [];
    const path = url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*|^\/\/[^/]*|[?#].*$/gi, "").replace(/\/+$/, "");
    return path === "" ? [] : [path.startsWith("/") ? path : `/${path}`];
  });
  return [...new Set(paths)].sort();
}

const RESOURCE_EXTENSION = "x-fixtures-resource";

/** The operation's (else path item's) `x-fixtures-resource`; anything invalid refused, lest a typo turn stateful fixtures off. */
function resourceOf(document: OpenAPI3, entry: OperationEntry, locate: Locator): ManifestResource | undefined {
  const item = deref(document, document.paths?.[entry.path]);
  const onOperation = own(entry.operation, RESOURCE_EXTENSION);
  const value = onOperation !== undefined ? onOperation : own(item, RESOURCE_EXTENSION);
  if (value === undefined) return undefined;
  const pointer = `/paths/${escapeSegment(entry.path)}${onOperation !== undefined ? `/${entry.method}` : ""}/${RESOURCE_EXTENSION}`;
  if (value === false) return false;
  const fields = isRecord(value) ? (value as { name?: unknown; key?: unknown }) : undefined;
  const valid =
    fields !== undefined &&
    Object.keys(fields).every((key) => key === "name" || key === "key") &&
    [fields.name, fields.key].every((field) => field === undefined || (typeof field === "string" && field !== ""));
  if (!valid)
    refuseAt(
      locate,
      pointer,
      `${RESOURCE_EXTENSION} must be false or an object with only \`name\` and \`key\` (non-empty strings), got ${JSON.stringify(value)}.`,
      "write e.g. `x-fixtures-resource: { name: tag, key: slug }`, or `false` to keep these answers stateless.",
    );
  return {
    ...(typeof fields.name === "string" ? { name: fields.name } : {}),
    ...(typeof fields.key === "string" ? { key: fields.key } : {}),
  };
}

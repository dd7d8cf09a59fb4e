import type { HeaderObject, MediaTypeObject, OpenAPI3, RequestBodyObject, ResponseObject } from "openapi-typescript";
import { define } from "../../contract/own.ts";
import {
  JSON_SCHEMA_DIALECT,
  type ContractHeader,
  type ContractMediaType,
  type ContractOperation,
  type ContractParameter,
  type ContractSchemas,
} from "../../contract/contract-types.ts";
import {
  deref,
  isHeaderName,
  isRequired,
  operationParameters,
  operationsOf,
  type OperationEntry,
} from "../manifest/operations.ts";
import { parsedOr } from "../../contract/media-and-status.ts";
import { streamMarkOf } from "../lowering/openapi-32.ts";
import { Converter } from "../lowering/schema-converter.ts";

export type { ContractSchemas } from "../../contract/contract-types.ts";

/** A media type's examples in order (`example`, then each of `examples`), with their names. */
function exampleEntries(
  document: OpenAPI3,
  media: MediaTypeObject | HeaderObject,
): Pick<ContractMediaType, "examples" | "exampleNames"> {
  const examples: unknown[] = [];
  const names: (string | null)[] = [];
  if ("example" in media && media.example !== undefined) {
    examples.push(media.example);
    names.push(null);
  }
  for (const [name, raw] of Object.entries(media.examples ?? {})) {
    const example = deref(document, raw);
    // `externalValue` names a file elsewhere: nothing to serve without fetching it.
    if (example && "value" in example && example.value !== undefined) {
      examples.push(example.value);
      names.push(name);
    }
  }
  return names.some((name) => name !== null) ? { examples, exampleNames: names } : { examples };
}

/** A JSON media type's examples written as JSON text (as Swagger 2.0 tools did) read as the value, unless the body is a string. */
function jsonTextParsed(
  type: string,
  media: MediaTypeObject,
  entries: Pick<ContractMediaType, "examples" | "exampleNames">,
): Pick<ContractMediaType, "examples" | "exampleNames"> {
  const schema = media.schema as { type?: unknown } | undefined;
  if (!/json/i.test(type) || schema?.type === "string") return entries;
  const parsed = (example: unknown) =>
    typeof example === "string" && /^\s*[[{]/.test(example) ? parsedOr(example) : example;
  return { ...entries, examples: entries.examples.map(parsed) };
}

function content(
  converter: Converter,
  document: OpenAPI3,
  media: Record<string, MediaTypeObject> | undefined,
): Record<string, ContractMediaType> {
  const essence = (type: string) => type.split(";")[0]?.trim().toLowerCase();
  // Media types of one essence (`application/json`, `…; charset=utf-8`) share the schema one declares.
  const schemaOf = (type: string, object: MediaTypeObject) =>
    object.schema ??
    Object.entries(media ?? {}).find(([other, sibling]) => essence(other) === essence(type) && sibling.schema)?.[1]
      .schema;
  return Object.fromEntries(
    Object.entries(media ?? {}).map(([type, object]) => [
      type,
      {
        ...(schemaOf(type, object) === undefined ? {} : { schema: converter.schema(schemaOf(type, object)) }),
        ...(streamMarkOf(object) === undefined ? {} : { stream: streamMarkOf(object) }),
        ...jsonTextParsed(type, object, exampleEntries(document, object)),
      },
    ]),
  );
}

/** The headers a response declares, references followed, their schemas converted. */
function responseHeaders(
  converter: Converter,
  document: OpenAPI3,
  response: ResponseObject | undefined,
): Record<string, ContractHeader> {
  const headers: Record<string, ContractHeader> = {};
  for (const [name, raw] of Object.entries(response?.headers ?? {})) {
    const header = deref<HeaderObject>(document, raw);
    if (!header || !isHeaderName(name)) continue;
    const { examples } = exampleEntries(document, header);
    define(headers, name, {
      required: header.required ?? false,
      ...(header.schema === undefined ? {} : { schema: converter.schema(header.schema) }),
      ...(examples.length > 0 ? { examples } : {}),
    });
  }
  return headers;
}

function parameters(converter: Converter, document: OpenAPI3, entry: OperationEntry): ContractParameter[] {
  return operationParameters(document, entry).map((parameter) => ({
    name: parameter.name,
    in: parameter.in,
    required: isRequired(parameter),
    ...(parameter.schema === undefined ? {} : { schema: converter.schema(parameter.schema) }),
    ...(parameter.style === undefined ? {} : { style: parameter.style }),
    ...(parameter.explode === undefined ? {} : { explode: parameter.explode }),
  }));
}

export function buildContractSchemas(document: OpenAPI3): ContractSchemas {
  const converter = new Converter(document);
  const operations: Record<string, ContractOperation> = Object.create(null) as Record<string, ContractOperation>;
  for (const entry of operationsOf(document)) {
    const { operation } = entry;
    const body = operation.requestBody ? deref<RequestBodyObject>(document, operation.requestBody) : undefined;
    operations[entry.key] = {
      parameters: parameters(converter, document, entry),
      requestBody: body
        ? { required: body.required ?? false, content: content(converter, document, body.content) }
        : null,
      responses: Object.fromEntries(
        Object.entries(operation.responses ?? {}).map(([status, raw]) => {
          const response = deref<ResponseObject>(document, raw);
          const headers = responseHeaders(converter, document, response);
          return [
            status,
            {
              content: content(converter, document, response?.content),
              ...(Object.keys(headers).length > 0 ? { headers } : {}),
            },
          ];
        }),
      ),
    };
  }
  return {
    openapi: document.openapi,
    $schema: JSON_SCHEMA_DIALECT,
    components: { schemas: converter.components },
    operations,
  };
}

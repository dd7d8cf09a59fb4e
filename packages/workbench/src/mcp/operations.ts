// The operations tools; schemas over the budget are summarised with the pointer `read_schema` reads.
import type { ManifestOperation, Method } from "@contract-workbench/runtime/manifest";
import type { ContractMediaType, JsonSchema } from "../contract/contract-types.ts";
import { own } from "../contract/own.ts";
import { schemaPointer, valueAt } from "../contract/pointer.ts";
import type { ContractReader, LoadedContract } from "./contracts.ts";
import { operationTypes } from "./generated-types.ts";
import { ArgumentError, bounded, page } from "./results.ts";
import { hookCall, screenPlace } from "./screen-code.ts";

export interface OperationFilter {
  contract?: string | undefined;
  text?: string | undefined;
  tag?: string | undefined;
  path?: string | undefined;
  method?: Method | undefined;
  offset: number;
  limit: number;
}

function summaryOf(loaded: LoadedContract, operation: ManifestOperation) {
  return {
    contract: loaded.entry.name,
    operationId: operation.operationId,
    method: operation.method.toUpperCase(),
    path: operation.path,
    summary: operation.summary,
    tags: operation.tags,
    statuses: operation.responses.map((response) => response.status),
    ...(operation.pagination ? { pages: operation.pagination.style } : {}),
  };
}

/** A page of the operations that match every filter given. */
export function listOperations(contracts: ContractReader, filter: OperationFilter) {
  const words = (filter.text ?? "").toLowerCase().split(/\s+/).filter(Boolean);
  const tag = filter.tag?.toLowerCase();
  const path = filter.path?.toLowerCase();
  const scope = filter.contract === undefined ? contracts.all() : [contracts.load(filter.contract)];
  const matches = scope.flatMap((loaded) =>
    loaded.manifest.operations
      .filter((operation) => {
        if (filter.method !== undefined && operation.method !== filter.method) return false;
        if (tag !== undefined && !operation.tags.some((each) => each.toLowerCase() === tag)) return false;
        if (path !== undefined && !operation.path.toLowerCase().includes(path)) return false;
        const haystack = [operation.operationId, operation.summary ?? "", operation.path, ...operation.tags]
          .join(" ")
          .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
          .toLowerCase();
        const squashed = haystack.replace(/\s+/g, "");
        return words.every((word) => haystack.includes(word) || squashed.includes(word));
      })
      .map((operation) => summaryOf(loaded, operation)),
  );
  const { total, items, next } = page(matches, filter);
  return { contracts: scope.map((loaded) => loaded.entry.name), total, operations: items, ...(next ? { next } : {}) };
}

/** A schema, bounded, as the answer's `schema` field; none when there is no schema. */
function schemaField(schema: JsonSchema | undefined, pointer: string) {
  return schema === undefined ? {} : { schema: bounded(schema, pointer) };
}

function mediaTypes(content: Record<string, ContractMediaType>, pointerOf: (mediaType: string) => string) {
  return Object.fromEntries(
    Object.entries(content).map(([mediaType, media]) => {
      const pointer = pointerOf(mediaType);
      const names = (media.exampleNames ?? []).filter((name) => name !== null);
      return [
        mediaType,
        {
          ...(media.schema === undefined ? {} : { schema: bounded(media.schema, pointer), pointer }),
          examples: media.examples.length,
          ...(names.length > 0 ? { exampleNames: names } : {}),
        },
      ];
    }),
  );
}

/** One operation as a screen needs it: parameters, bodies, responses, types, hook call, paging. */
export function describeOperation(contracts: ContractReader, operationId: string, contract?: string) {
  const { loaded, operation } = contracts.find(operationId, contract);
  const schemas = own<(typeof loaded.contract.operations)[string]>(loaded.contract.operations, operationId);
  const id = operation.operationId;
  const place = screenPlace(operation);
  const types = operationTypes(contracts.types(loaded), id);
  return {
    contract: loaded.entry.name,
    operationId: id,
    method: operation.method.toUpperCase(),
    path: operation.path,
    summary: operation.summary,
    tags: operation.tags,
    security: operation.security,
    parameters: (schemas?.parameters ?? []).map((parameter, index) => ({
      name: parameter.name,
      in: parameter.in,
      required: parameter.required,
      ...(parameter.style === undefined ? {} : { style: parameter.style }),
      ...schemaField(parameter.schema, schemaPointer(id, "parameters", String(index), "schema")),
    })),
    requestBody:
      schemas?.requestBody == null
        ? null
        : {
            required: schemas.requestBody.required,
            content: mediaTypes(schemas.requestBody.content, (mediaType) =>
              schemaPointer(id, "requestBody", "content", mediaType, "schema"),
            ),
          },
    responses: operation.responses.map((response) => {
      const declared = own<NonNullable<typeof schemas>["responses"][string]>(schemas?.responses, response.status);
      return {
        status: response.status,
        content: mediaTypes(declared?.content ?? {}, (mediaType) =>
          schemaPointer(id, "responses", response.status, "content", mediaType, "schema"),
        ),
        ...(declared?.headers === undefined
          ? {}
          : {
              headers: Object.fromEntries(
                Object.entries(declared.headers).map(([name, header]) => [
                  name,
                  {
                    required: header.required,
                    ...schemaField(
                      header.schema,
                      schemaPointer(id, "responses", response.status, "headers", name, "schema"),
                    ),
                  },
                ]),
              ),
            }),
      };
    }),
    paging: operation.pagination ?? null,
    hook: hookCall(loaded.entry, operation, place.folder),
    types: types.text,
    ...(types.omitted.length > 0 ? { typesOmitted: types.omitted } : {}),
    readMore:
      "Every `pointer` and `$pointer` here is a JSON pointer into the contract's schemas: read_schema reads it.",
  };
}

/** The value at a JSON pointer of a contract's schemas (`#/components/schemas/Pet`, `#/operations/getPet/…`). */
export function readSchema(contracts: ContractReader, contract: string, pointer: string, offset = 0) {
  const loaded = contracts.load(contract);
  if (!pointer.startsWith("#/"))
    throw new ArgumentError(
      "pointer",
      `${JSON.stringify(pointer)} is not a JSON pointer; write it as #/components/schemas/<name>.`,
    );
  const value = valueAt(loaded.contract, pointer);
  if (value === undefined)
    throw new ArgumentError(
      "pointer",
      `${contract}'s schemas hold nothing at ${pointer}; they start at #/components/schemas/<name> and #/operations/<operationId>.`,
    );
  return { contract, pointer, ...(offset > 0 ? { offset } : {}), value: bounded(value, pointer, undefined, offset) };
}

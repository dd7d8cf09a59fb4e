// What tells apart operations sharing a method and URL (`/items#folders`, `/items#links`): the fixtures answer by it.
import type { ContractOperation, ContractSchemas } from "./contract-types.ts";
import { resolve } from "./schema-types.ts";
import { own } from "./own.ts";
import { isRecord } from "./records.ts";
import { essenceOf, HOP_HEADERS, isFormMediaType, isJsonMediaType } from "./media-and-status.ts";

/** Headers no request is judged by: the three OpenAPI ignores, and the ones only `fetch` itself sets. */
export const IGNORED_HEADERS: ReadonlySet<string> = new Set([
  "accept",
  "content-type",
  "authorization",
  "accept-charset",
  "accept-encoding",
  "access-control-request-headers",
  "access-control-request-method",
  "date",
  "dnt",
  "expect",
  "host",
  "origin",
  "referer",
  "via",
  ...HOP_HEADERS,
]);

export interface Mark {
  in: "header" | "query" | "body";
  name: string;
  values: unknown[];
}

/** `const` or `enum`, through references and `allOf`. */
function fixedValues(contract: ContractSchemas, schema: unknown, depth = 0): unknown[] | undefined {
  const node = resolve(contract, schema);
  if (depth > 8) return undefined;
  if (Object.hasOwn(node, "const")) return [node.const];
  if (Array.isArray(node.enum) && node.enum.length > 0) return node.enum as unknown[];
  if (!Array.isArray(node.allOf)) return undefined;
  for (const part of node.allOf) {
    const found = fixedValues(contract, part, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

function propertiesOf(contract: ContractSchemas, schema: unknown, depth = 0): Array<[string, unknown]> {
  const node = resolve(contract, schema);
  if (depth > 8) return [];
  const own = isRecord(node.properties) ? Object.entries(node.properties) : [];
  const parts = Array.isArray(node.allOf) ? node.allOf.flatMap((part) => propertiesOf(contract, part, depth + 1)) : [];
  return [...own, ...parts];
}

function marksOf(contract: ContractSchemas, operation: ContractOperation | undefined): Mark[] {
  if (operation === undefined) return [];
  const marks: Mark[] = [];
  for (const parameter of operation.parameters) {
    if (parameter.in !== "header" && parameter.in !== "query") continue;
    const values = fixedValues(contract, parameter.schema);
    if (values !== undefined) marks.push({ in: parameter.in, name: parameter.name, values });
  }
  for (const [mediaType, media] of Object.entries(operation.requestBody?.content ?? {})) {
    if (!isJsonMediaType(mediaType) && !isFormMediaType(mediaType)) continue;
    for (const [name, property] of propertiesOf(contract, media.schema)) {
      const values = fixedValues(contract, property);
      if (values !== undefined) marks.push({ in: "body", name, values });
    }
  }
  return marks;
}

export function withoutFragment(path: string): string {
  const mark = path.indexOf("#");
  return mark === -1 ? path : path.slice(0, mark);
}

export function sharedEndpoints<T extends { method: string; path: string }>(operations: readonly T[]): T[][] {
  const groups = Map.groupBy(operations, (operation) => `${operation.method} ${withoutFragment(operation.path)}`);
  return [...groups.values()].filter((group) => group.length > 1);
}

export function createVariantMarks(contract: ContractSchemas) {
  const marks = new Map<string, Mark[]>();
  const marksFor = ({ operationId }: { operationId: string }) => {
    let found = marks.get(operationId);
    if (found === undefined)
      marks.set(operationId, (found = marksOf(contract, own<ContractOperation>(contract.operations, operationId))));
    return found;
  };

  /** The marks that tell a variant from the others: the same parameter fixed to other values in another. */
  function tellingMarks(variant: { operationId: string }, variants: ReadonlyArray<{ operationId: string }>): Mark[] {
    const others = variants.filter((other) => other !== variant).flatMap(marksFor);
    return marksFor(variant).filter((mark) =>
      others.some(
        (other) => sameParameter(mark, other) && JSON.stringify(other.values) !== JSON.stringify(mark.values),
      ),
    );
  }

  /** Each variant but at most one (the default) has a mark, a request media type or a required parameter of its own. */
  function distinguishable(variants: readonly VariantShape[]): boolean {
    const unmarked = variants.filter(
      (variant) =>
        tellingMarks(variant, variants).length === 0 &&
        ownMediaTypes(variant, variants).length === 0 &&
        ownRequirements(variant, variants).length === 0,
    );
    return unmarked.length <= 1;
  }

  return { tellingMarks, distinguishable };
}

export interface VariantShape {
  operationId: string;
  parameters: ReadonlyArray<{ name: string; in: string; required: boolean }>;
  requestBody: { mediaTypes: readonly string[] } | null;
}

/** Header names compare without case; query parameters as written. */
function sameParameter(a: { name: string; in: string }, b: { name: string; in: string }): boolean {
  return a.in === b.in && (a.in === "header" ? a.name.toLowerCase() === b.name.toLowerCase() : a.name === b.name);
}

export function ownMediaTypes(variant: VariantShape, variants: readonly VariantShape[]): string[] {
  const others = new Set(
    variants
      .filter((other) => other !== variant)
      .flatMap((other) => (other.requestBody?.mediaTypes ?? []).map(essenceOf)),
  );
  return (variant.requestBody?.mediaTypes ?? []).filter((type) => !others.has(essenceOf(type)));
}

export function ownRequirements(variant: VariantShape, variants: readonly VariantShape[]) {
  const others = variants.filter((other) => other !== variant).flatMap((other) => other.parameters);
  return variant.parameters.filter(
    (parameter) =>
      parameter.required &&
      (parameter.in === "header" || parameter.in === "query") &&
      !IGNORED_HEADERS.has(parameter.name.toLowerCase()) &&
      !others.some((other) => sameParameter(parameter, other)),
  );
}

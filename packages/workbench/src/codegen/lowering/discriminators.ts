import type { OpenAPI3 } from "openapi-typescript";
import { own } from "../../contract/own.ts";
import { componentSchemaName, componentSchemaRef } from "../../contract/pointer.ts";
import { isRecord } from "../../contract/records.ts";
import { deref } from "../manifest/operations.ts";

/** A discriminator value: a string by the specification, but a contract's `const` may be any scalar. */
export type Scalar = string | number | boolean;

export interface Family {
  property: string;
  /** Each concrete schema and the discriminator values that select it. */
  members: Array<{ component: string; values: Scalar[] }>;
}

function isScalar(value: unknown): value is Scalar {
  return typeof value === "string" || typeof value === "number" || typeof value === "boolean";
}

/** The first value `find` reads off a schema, its `allOf` parts or its `$ref`'s target, each node once. */
function firstThrough(
  document: OpenAPI3,
  schema: unknown,
  legacy: boolean,
  find: (node: Record<string, unknown>) => Scalar | undefined,
): Scalar | undefined {
  const seen = new Set<unknown>();
  const search = (node: unknown): Scalar | undefined => {
    if (!isRecord(node) || seen.has(node)) return undefined;
    seen.add(node);
    const reference = typeof node.$ref === "string" ? node.$ref : undefined;
    // OpenAPI 3.0 ignores a reference's siblings; 3.1 applies them.
    if (reference === undefined || !legacy) {
      const fixed = find(node);
      if (fixed !== undefined) return fixed;
      for (const part of Array.isArray(node.allOf) ? (node.allOf as unknown[]) : []) {
        const found = search(part);
        if (found !== undefined) return found;
      }
    }
    return reference === undefined ? undefined : search(deref(document, { $ref: reference }));
  };
  return search(schema);
}

/** The value a branch fixes itself (`const`, one-value `enum`): taken over its schema name, which would contradict it. */
export function fixedValue(document: OpenAPI3, schema: unknown, property: string, legacy: boolean): Scalar | undefined {
  return firstThrough(document, schema, legacy, (node) =>
    singleValue(document, own(isRecord(node.properties) ? node.properties : {}, property)),
  );
}

/** Azure's extension for a child's discriminator value where it differs from the schema's name. */
const VALUE_EXTENSION = "x-ms-discriminator-value";

/** The discriminator value a schema (or the component it refers to) gives itself in `x-ms-discriminator-value`. */
export function extensionValue(document: OpenAPI3, schema: unknown): Scalar | undefined {
  let node = schema;
  for (let hops = 0; hops < 8 && isRecord(node); hops++) {
    if (isScalar(node[VALUE_EXTENSION])) return node[VALUE_EXTENSION];
    if (typeof node.$ref !== "string") return undefined;
    node = deref(document, { $ref: node.$ref });
  }
  return undefined;
}

/** The one value a property's schema allows (`const`, or a one-value `enum`), through `allOf` and `$ref`. */
function singleValue(document: OpenAPI3, schema: unknown): Scalar | undefined {
  return firstThrough(document, schema, false, (node) => {
    if (isScalar(node.const)) return node.const;
    return Array.isArray(node.enum) && node.enum.length === 1 && isScalar(node.enum[0]) ? node.enum[0] : undefined;
  });
}

/** The discriminated bases of the inheritance form (no `oneOf` or `anyOf`) with their children: mapped, or `allOf` the base. */
export function inheritance(document: OpenAPI3, legacy: boolean): Map<string, Family> {
  const schemas: Record<string, unknown> = document.components?.schemas ?? {};
  const families = new Map<string, Family>();
  for (const [name, schema] of Object.entries(schemas)) {
    if (!isRecord(schema) || !isRecord(schema.discriminator) || schema.oneOf || schema.anyOf) continue;
    const property = schema.discriminator.propertyName;
    if (typeof property !== "string") continue;
    const mapping = isRecord(schema.discriminator.mapping)
      ? (schema.discriminator.mapping as Record<string, string>)
      : {};
    const values = new Map<string, Scalar[]>();
    for (const [value, target] of Object.entries(mapping)) {
      const component = componentSchemaName(target) ?? (Object.hasOwn(schemas, target) ? target : undefined);
      if (component === undefined) continue;
      values.set(component, [...(values.get(component) ?? []), value]);
    }
    for (const [child, candidate] of Object.entries(schemas)) {
      const parents = isRecord(candidate) && Array.isArray(candidate.allOf) ? candidate.allOf : [];
      const extendsBase = parents.some((item) => isRecord(item) && item.$ref === componentSchemaRef(name));
      if (extendsBase && !values.has(child))
        values.set(child, [
          extensionValue(document, candidate) ?? fixedValue(document, candidate, property, legacy) ?? child,
        ]);
    }
    const members = [...values].map(([component, keys]) => ({ component, values: keys }));
    if (members.length > 0) families.set(name, { property, members });
  }
  return families;
}

/** Values a schema allows: a finite set, or `undefined` for "any" (no `const` or `enum` bounds it). */
type Values = Set<unknown> | undefined;

function intersect(a: Values, b: Values): Values {
  if (a === undefined) return b;
  if (b === undefined) return a;
  return new Set([...a].filter((value) => b.has(value)));
}

/** A union's values: every member must be bounded, or the union is not. */
function unite(sets: Values[]): Values {
  if (sets.some((set) => set === undefined)) return undefined;
  return new Set(sets.flatMap((set) => [...(set ?? [])]));
}

/** The values a branch allows for the discriminator property; `undefined` when it leaves it open somewhere. */
export function ownValues(document: OpenAPI3, schema: unknown, property: string, legacy: boolean): Values {
  // Schemas on the current path only: a schema reached twice by different ways counts twice, a cycle is open.
  const visiting = new Set<unknown>();
  const guarded = (search: (node: Record<string, unknown>) => Values) => (node: unknown) => {
    if (!isRecord(node) || visiting.has(node)) return undefined;
    visiting.add(node);
    try {
      return search(node);
    } finally {
      visiting.delete(node);
    }
  };
  const combined = (node: Record<string, unknown>, own: Values, of: (part: unknown) => Values): Values => {
    let values = own;
    for (const part of Array.isArray(node.allOf) ? (node.allOf as unknown[]) : []) values = intersect(values, of(part));
    for (const keyword of ["oneOf", "anyOf"]) {
      const members = node[keyword];
      if (Array.isArray(members) && members.length > 0) values = intersect(values, unite(members.map(of)));
    }
    return values;
  };
  const valuesOf: (node: unknown) => Values = guarded((node) => {
    let own: Values =
      "const" in node ? new Set([node.const]) : Array.isArray(node.enum) ? new Set(node.enum) : undefined;
    if (node.type === "null") own = intersect(own, new Set([null]));
    const values = combined(node, own, valuesOf);
    return typeof node.$ref === "string" ? intersect(values, valuesOf(deref(document, { $ref: node.$ref }))) : values;
  });
  const branchValues: (node: unknown) => Values = guarded((node) => {
    const reference = typeof node.$ref === "string" ? node.$ref : undefined;
    let values: Values;
    // OpenAPI 3.0 ignores a reference's siblings; 3.1 applies them.
    if (reference === undefined || !legacy) {
      const properties = isRecord(node.properties) ? node.properties : {};
      const own = Object.hasOwn(properties, property) ? valuesOf(properties[property]) : undefined;
      values = combined(node, own, branchValues);
    }
    return reference === undefined ? values : intersect(values, branchValues(deref(document, { $ref: reference })));
  });
  return branchValues(schema);
}

// openapi-typescript types an unmapped branch with its schema name, not the value it fixes for itself:
// such a `oneOf` branch becomes `allOf: [branch]` (two may fix one value); an inheritance child is mapped.
import type { OpenAPI3 } from "openapi-typescript";
import { componentSchemaName, componentSchemaRef } from "../../contract/pointer.ts";
import { isRecord } from "../../contract/records.ts";
import { fixedValue, inheritance, ownValues } from "../lowering/discriminators.ts";

type Discriminated = Record<string, unknown> & { discriminator: Record<string, unknown> };

/** Every object of a document that holds a discriminator, each once. */
function discriminated(document: OpenAPI3): Discriminated[] {
  const found: Discriminated[] = [];
  const seen = new Set<unknown>();
  const stack: unknown[] = [document];
  while (stack.length > 0) {
    const node = stack.pop();
    if (typeof node !== "object" || node === null || seen.has(node)) continue;
    seen.add(node);
    if (isRecord(node) && isRecord(node.discriminator) && typeof node.discriminator.propertyName === "string")
      found.push(node as Discriminated);
    for (const [key, value] of Object.entries(node)) if (key !== "example" && key !== "examples") stack.push(value);
  }
  return found;
}

export function keepOwnDiscriminatorValues(document: OpenAPI3): void {
  const legacy = document.openapi.startsWith("3.0");
  const fixesOwn = (branch: unknown, property: string, name: string) => {
    const fixed = fixedValue(document, branch, property, legacy);
    const values = fixed === undefined ? ownValues(document, branch, property, legacy) : new Set([fixed]);
    return values !== undefined && values.size > 0 && !values.has(name);
  };
  for (const node of discriminated(document)) {
    const { discriminator } = node;
    const property = discriminator.propertyName as string;
    const mapped = new Set(Object.values(isRecord(discriminator.mapping) ? discriminator.mapping : {}));
    if (!Array.isArray(node.oneOf)) continue;
    node.oneOf = node.oneOf.map((branch: unknown) => {
      const ref = isRecord(branch) && typeof branch.$ref === "string" ? branch.$ref : undefined;
      const name = ref === undefined ? undefined : componentSchemaName(ref);
      if (ref === undefined || name === undefined || mapped.has(ref) || mapped.has(name)) return branch;
      return fixesOwn(branch, property, name) ? { allOf: [branch] } : branch;
    });
  }
  // The inheritance form: the base declares the discriminator, each child `allOf`s it.
  const schemas: Record<string, unknown> = document.components?.schemas ?? {};
  for (const [base, family] of inheritance(document, legacy)) {
    const schema = schemas[base];
    if (!isRecord(schema) || !isRecord(schema.discriminator)) continue;
    const mapping = isRecord(schema.discriminator.mapping) ? schema.discriminator.mapping : {};
    for (const { component, values } of family.members) {
      if (values.includes(component)) continue;
      for (const value of values)
        if (typeof value === "string" && !Object.hasOwn(mapping, value)) mapping[value] = componentSchemaRef(component);
    }
    schema.discriminator.mapping = mapping;
  }
}

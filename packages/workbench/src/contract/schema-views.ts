export type SchemaAt = (pointer: string) => Record<string, unknown> | undefined;

/** The schema at `pointer`, what its `$ref` names, its `allOf` parts, and the first `anyOf`/`oneOf` branch `value` fits. */
export function schemaViews(
  pointer: string,
  value: unknown,
  schemaAt: SchemaAt,
  fits: (pointer: string, value: unknown) => boolean,
  seen = new Set<string>(),
): string[] {
  const schema = schemaAt(pointer);
  if (seen.has(pointer) || schema === undefined) return [];
  seen.add(pointer);
  const found = [pointer];
  const visit = (at: string) => found.push(...schemaViews(at, value, schemaAt, fits, seen));
  if (typeof schema.$ref === "string" && schema.$ref.startsWith("#/")) visit(schema.$ref);
  if (Array.isArray(schema.allOf)) schema.allOf.forEach((_, index) => visit(`${pointer}/allOf/${index}`));
  for (const keyword of ["anyOf", "oneOf"]) {
    const branches = schema[keyword];
    if (!Array.isArray(branches)) continue;
    const index = branches.findIndex((_, i) => fits(`${pointer}/${keyword}/${i}`, value));
    if (index >= 0) visit(`${pointer}/${keyword}/${index}`);
  }
  return found;
}

import type { ContractSchemas } from "./contract-types.ts";
import { own } from "./own.ts";
import { componentSchemaName } from "./pointer.ts";

type SchemaNode = Record<string, unknown>;

export function resolve(contract: ContractSchemas, schema: unknown): SchemaNode {
  let node = schema;
  for (let hops = 0; hops < 8 && typeof node === "object" && node !== null && "$ref" in node; hops++) {
    const name = componentSchemaName(String((node as SchemaNode).$ref));
    node = name === undefined ? {} : own(contract.components.schemas, name);
  }
  return typeof node === "object" && node !== null ? (node as SchemaNode) : {};
}

/** Through references and compositions. */
export function typesOf(contract: ContractSchemas, schema: unknown, depth = 0): Set<string> {
  const node = resolve(contract, schema);
  const types = new Set<string>(
    typeof node.type === "string" ? [node.type] : Array.isArray(node.type) ? (node.type as string[]) : [],
  );
  // Without a `type`, the values an `enum` or `const` lists say which types it allows (`[true, false, 0, 1]`).
  if (node.type === undefined) {
    const listed = Array.isArray(node.enum) ? (node.enum as unknown[]) : "const" in node ? [node.const] : [];
    for (const value of listed) {
      if (value === null) types.add("null");
      else if (typeof value === "number" || typeof value === "boolean" || typeof value === "string")
        types.add(typeof value);
    }
  }
  if (depth < 8) {
    for (const keyword of ["allOf", "anyOf", "oneOf"]) {
      const branches = node[keyword];
      if (!Array.isArray(branches)) continue;
      for (const branch of branches) typesOf(contract, branch, depth + 1).forEach((type) => types.add(type));
    }
  }
  return types;
}

/** Through references, then the first composition branch that has it. */
export function subschema(contract: ContractSchemas, schema: unknown, keyword: string, name?: string): unknown {
  const node = resolve(contract, schema);
  const direct = name === undefined ? own(node, keyword) : own(own(node, keyword), name);
  if (direct !== undefined) return direct;
  for (const composition of ["allOf", "anyOf", "oneOf"]) {
    const branches = node[composition];
    if (!Array.isArray(branches)) continue;
    for (const branch of branches) {
      const found = subschema(contract, branch, keyword, name);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

// What every part of a conjunction allows of a value's type and of its fixed values (`const`,
// `enum`): none in common is a proof.
import { allowsType, describeValues, fixedValues, intersectTypes, typesOf } from "./parts.ts";
import type { Part, UnsatisfiableProof, Values } from "./parts.ts";

/** The types every part allows, with the place of the last `type` read. */
export interface Typed {
  types?: Set<string>;
  typesAt: string;
}

/** The fixed values every part allows, with the part that first fixed them. */
export interface Fixed {
  values?: Values;
  valuesFrom?: Part;
}

/** Types: what every part allows, or why they share none. */
export function typesProof(parts: readonly Part[]): Typed | UnsatisfiableProof {
  let types: Set<string> | undefined;
  let typesAt = "";
  for (const { node, at } of parts) {
    const own = typesOf(node);
    if (own === undefined) continue;
    if (types !== undefined) {
      const both = intersectTypes(types, own);
      if (both.size === 0)
        return {
          pointer: typesAt,
          reason: `a value of type ${[...types].join(" or ")} (at ${typesAt}) that is also of type ${[...own].join(" or ")} (at ${at}/type), which no value is`,
        };
      types = both;
    } else types = own;
    typesAt = `${at}/type`;
  }
  return { types, typesAt };
}

/** Values: what every `const` and `enum` allows, of the types allowed, or why no value is left. */
export function valuesProof(parts: readonly Part[], { types, typesAt }: Typed): Fixed | UnsatisfiableProof {
  let values: Values | undefined;
  let valuesFrom: Part | undefined;
  for (const part of parts) {
    const { node, at } = part;
    const own = fixedValues(node);
    if (own === undefined) continue;
    const keyword = "const" in node ? "const" : "enum";
    if (values !== undefined && valuesFrom !== undefined) {
      const both: Values = new Map([...values].filter(([key]) => own.has(key)));
      if (both.size === 0) {
        const first = `${valuesFrom.at}/${"const" in valuesFrom.node ? "const" : "enum"}`;
        return {
          pointer: first,
          reason: `${describeValues(valuesFrom.node)} at ${first} together with ${describeValues(node)} at ${at}/${keyword}, which no value satisfies`,
        };
      }
      values = both;
    } else {
      values = own;
      valuesFrom = part;
    }
  }
  if (values !== undefined && valuesFrom !== undefined && types !== undefined) {
    const allowed = types;
    if (![...values.values()].some((value) => allowsType(allowed, value))) {
      const where = `${valuesFrom.at}/${"const" in valuesFrom.node ? "const" : "enum"}`;
      return {
        pointer: where,
        reason: `${describeValues(valuesFrom.node)} at ${where} as a value of type ${[...allowed].join(" or ")} (${typesAt}), which none of them is`,
      };
    }
  }
  return { values, valuesFrom };
}

// What every part of a conjunction allows of a value's type and fixed values: none in common is a proof.
import { allowsType, describeValues, fixedValues, intersectTypes, typesOf, valuesAt } from "./parts.ts";
import type { Part, UnsatisfiableProof, Values } from "./parts.ts";

export interface Typed {
  types?: Set<string>;
  typesAt: string;
}

export interface Fixed {
  values?: Values;
  valuesFrom?: Part;
}

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

export function valuesProof(parts: readonly Part[], { types, typesAt }: Typed): Fixed | UnsatisfiableProof {
  let values: Values | undefined;
  let valuesFrom: Part | undefined;
  for (const part of parts) {
    const own = fixedValues(part.node);
    if (own === undefined) continue;
    if (values !== undefined && valuesFrom !== undefined) {
      const both: Values = new Map([...values].filter(([key]) => own.has(key)));
      if (both.size === 0) {
        const first = valuesAt(valuesFrom);
        return {
          pointer: first,
          reason: `${describeValues(valuesFrom.node)} at ${first} together with ${describeValues(part.node)} at ${valuesAt(part)}, which no value satisfies`,
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
      const where = valuesAt(valuesFrom);
      return {
        pointer: where,
        reason: `${describeValues(valuesFrom.node)} at ${where} as a value of type ${[...allowed].join(" or ")} (${typesAt}), which none of them is`,
      };
    }
  }
  return { values, valuesFrom };
}

import { allowsType, fixedValues, intersectTypes, isNode, typesOf } from "./parts.ts";
import type { Part, UnsatisfiableProof, Values } from "./parts.ts";

export function unionProof(
  parts: readonly Part[],
  decided: ReadonlySet<unknown>,
  proveBranch: (parts: Part[], decided: ReadonlySet<unknown>) => UnsatisfiableProof | undefined,
): UnsatisfiableProof | undefined {
  for (const { node, at } of parts) {
    for (const keyword of ["oneOf", "anyOf"]) {
      const branches = node[keyword];
      if (!Array.isArray(branches) || branches.length === 0 || decided.has(branches)) continue;
      const inner = new Set(decided).add(branches);
      let first: UnsatisfiableProof | undefined;
      const all = branches.every((branch, index) => {
        const place = `${at}/${keyword}/${index}`;
        const proof =
          branch === false
            ? { pointer: place, reason: `\`false\` at ${place}` }
            : isNode(branch)
              ? proveBranch([...parts, { node: branch, at: place }], inner)
              : undefined;
        first ??= proof;
        return proof !== undefined;
      });
      if (all && first !== undefined)
        return {
          pointer: `${at}/${keyword}`,
          reason: `one branch of the ${keyword} at ${at}/${keyword}, and each branch requires what none can hold (branch 1: ${first.reason})`,
        };
    }
  }
  return undefined;
}

export function allowedValues(
  start: readonly Part[],
  depth: number,
  conjunction: (start: readonly Part[]) => Part[],
): Values | undefined {
  if (depth > 8) return undefined;
  const parts = conjunction(start);
  let values: Values | undefined;
  let types: Set<string> | undefined;
  const meet = (own: Values) => {
    values = values === undefined ? own : new Map([...values].filter(([key]) => own.has(key)));
  };
  for (const { node, at } of parts) {
    const own = fixedValues(node);
    if (own !== undefined) meet(own);
    const typed = typesOf(node);
    if (typed !== undefined) types = types === undefined ? typed : intersectTypes(types, typed);
    for (const keyword of ["oneOf", "anyOf"]) {
      const branches = node[keyword];
      if (!Array.isArray(branches) || branches.length === 0) continue;
      const sets = branches.map((branch, index) =>
        isNode(branch)
          ? allowedValues([{ node: branch, at: `${at}/${keyword}/${index}` }], depth + 1, conjunction)
          : undefined,
      );
      if (sets.some((set) => set === undefined)) continue;
      // oneOf: a value two branches allow matches both, which oneOf refuses.
      const counts = new Map<string, { value: unknown; count: number }>();
      for (const set of sets as Values[])
        for (const [key, value] of set) counts.set(key, { value, count: (counts.get(key)?.count ?? 0) + 1 });
      meet(
        new Map(
          [...counts]
            .filter(([, { count }]) => keyword === "anyOf" || count === 1)
            .map(([key, { value }]) => [key, value]),
        ),
      );
    }
  }
  if (values === undefined || types === undefined) return values;
  const kinds = types;
  return new Map([...values].filter(([, value]) => allowsType(kinds, value)));
}

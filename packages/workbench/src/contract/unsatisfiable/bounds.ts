// Lengths, ranges and counts that cross, where the value can only be of the type they apply to.
import { misplacedAnchor, patternLength } from "../pattern-length.ts";
import { describeValues, partsOf, valuesAt } from "./parts.ts";
import type { Part, UnsatisfiableProof } from "./parts.ts";
import type { Fixed } from "./types-values.ts";

function bound(parts: readonly Part[], keyword: string, pick: (a: number, b: number) => number) {
  let found: { value: number; at: string } | undefined;
  for (const { node, at } of parts) {
    const value = node[keyword];
    if (typeof value !== "number") continue;
    if (found === undefined || pick(value, found.value) !== found.value) found = { value, at: `${at}/${keyword}` };
  }
  return found;
}

/** The tightest bounds, and the proof when the lower one is above the upper. */
/** The tightest bounds, and the proof when the lower one is above the upper. */
function ordered(parts: readonly Part[], low: string, high: string) {
  const least = bound(parts, low, Math.max);
  const most = bound(parts, high, Math.min);
  if (least === undefined || most === undefined || least.value <= most.value) return { least, most };
  const reason = `${low} ${least.value} (at ${least.at}) with ${high} ${most.value} (at ${most.at}), which no value satisfies`;
  return { least, most, proof: { pointer: least.at, reason } };
}

export function stringProof(parts: readonly Part[], { values, valuesFrom }: Fixed): UnsatisfiableProof | undefined {
  const { least, most, proof } = ordered(parts, "minLength", "maxLength");
  if (proof) return proof;
  // An enum none of whose values keeps the lengths (`enum: [MALE, FEMALE]` with `maxLength: 1`).
  if (values !== undefined && valuesFrom !== undefined && (least !== undefined || most !== undefined)) {
    const fits = [...values.values()].some(
      (value) =>
        typeof value === "string" &&
        [...value].length >= (least?.value ?? 0) &&
        [...value].length <= (most?.value ?? Infinity),
    );
    const where = valuesAt(valuesFrom);
    const limits = [
      least && `minLength ${least.value} (at ${least.at})`,
      most && `maxLength ${most.value} (at ${most.at})`,
    ];
    if (!fits)
      return {
        pointer: where,
        reason: `${describeValues(valuesFrom.node)} at ${where} with ${limits.filter(Boolean).join(" and ")}, which none of them keeps`,
      };
  }
  for (const { node, at } of parts) {
    if (typeof node.pattern !== "string") continue;
    const pointer = `${at}/pattern`;
    const anchor = misplacedAnchor(node.pattern);
    if (anchor !== undefined)
      return { pointer, reason: `the pattern at ${pointer}, which has ${anchor} and so matches no string` };
    const length = patternLength(node.pattern);
    if (length === undefined) continue;
    if (most !== undefined && length.min > most.value)
      return {
        pointer,
        reason: `the pattern at ${pointer}, which matches no fewer than ${length.min} characters, with maxLength ${most.value} (at ${most.at}), which no value satisfies`,
      };
    if (least !== undefined && length.max < least.value)
      return {
        pointer,
        reason: `the pattern at ${pointer}, which matches no more than ${length.max} characters, with minLength ${least.value} (at ${least.at}), which no value satisfies`,
      };
  }
  return undefined;
}

export function numberProof(parts: readonly Part[]): UnsatisfiableProof | undefined {
  return ordered(parts, "minimum", "maximum").proof;
}

export function arrayProof(parts: readonly Part[], proveItems: (items: Part[]) => UnsatisfiableProof | undefined) {
  const { least, proof } = ordered(parts, "minItems", "maxItems");
  if (proof) return proof;
  if (least === undefined || least.value <= 0) return undefined;
  const items = parts.flatMap(({ node, at }) => partsOf(node.items, `${at}/items`));
  return items.length > 0 ? proveItems(items) : undefined;
}

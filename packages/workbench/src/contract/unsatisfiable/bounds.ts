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

/** A lower bound above the upper one (or equal, when `strict`). */
function ordered(parts: readonly Part[], low: string, high: string, strict = false): UnsatisfiableProof | undefined {
  const least = bound(parts, low, Math.max);
  const most = bound(parts, high, Math.min);
  if (least === undefined || most === undefined) return undefined;
  if (strict ? least.value < most.value : least.value <= most.value) return undefined;
  return {
    pointer: least.at,
    reason: `${low} ${least.value} (at ${least.at}) with ${high} ${most.value} (at ${most.at}), which no value satisfies`,
  };
}

export function stringProof(parts: readonly Part[], { values, valuesFrom }: Fixed): UnsatisfiableProof | undefined {
  const lengths = ordered(parts, "minLength", "maxLength");
  if (lengths) return lengths;
  const least = bound(parts, "minLength", Math.max);
  const most = bound(parts, "maxLength", Math.min);
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
    const anchor = typeof node.pattern === "string" ? misplacedAnchor(node.pattern) : undefined;
    if (anchor !== undefined)
      return {
        pointer: `${at}/pattern`,
        reason: `the pattern at ${at}/pattern, which has ${anchor} and so matches no string`,
      };
    const length = typeof node.pattern === "string" ? patternLength(node.pattern) : undefined;
    if (length === undefined) continue;
    if (most !== undefined && length.min > most.value)
      return {
        pointer: `${at}/pattern`,
        reason: `the pattern at ${at}/pattern, which matches no fewer than ${length.min} characters, with maxLength ${most.value} (at ${most.at}), which no value satisfies`,
      };
    if (least !== undefined && length.max < least.value)
      return {
        pointer: `${at}/pattern`,
        reason: `the pattern at ${at}/pattern, which matches no more than ${length.max} characters, with minLength ${least.value} (at ${least.at}), which no value satisfies`,
      };
  }
  return undefined;
}

export function numberProof(parts: readonly Part[]): UnsatisfiableProof | undefined {
  return ordered(parts, "minimum", "maximum");
}

export function arrayProof(parts: readonly Part[], proveItems: (items: Part[]) => UnsatisfiableProof | undefined) {
  const counts = ordered(parts, "minItems", "maxItems");
  if (counts) return counts;
  const least = bound(parts, "minItems", Math.max);
  if (least === undefined || least.value <= 0) return undefined;
  const items = parts.flatMap(({ node, at }) => partsOf(node.items, `${at}/items`));
  return items.length > 0 ? proveItems(items) : undefined;
}

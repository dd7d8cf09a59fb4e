// Which shown values are the contract's own examples: a designer knows which the contract vouches for.
import type { ContractSchemas } from "../contract/contract-types.ts";
import { escapeSegment, valueAt } from "../contract/pointer.ts";
import { isRecord } from "../contract/records.ts";
import { schemaViews } from "../contract/schema-views.ts";
import type { SchemaFailure } from "../fixtures/check/validator.ts";
import { labelOf } from "./schema-shape.ts";

/** The examples a contract gives sit near the top of its answers. */
const MAX_DEPTH = 8;

export interface ExampleSource {
  contract: ContractSchemas;
  validator: { check(pointer: string, value: unknown): SchemaFailure[] };
}

/** Examples are served cloned, so their keys keep their order. */
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The places of `value` that are their schema's first valid example, in words ("Category › Name"); a list's first item only. */
export function examplePlaces(
  source: ExampleSource,
  pointer: string,
  value: unknown,
  responseExamples: readonly unknown[],
): string[] {
  if (responseExamples.some((example) => same(example, value))) return ["the whole answer"];
  const fits = (at: string, candidate: unknown) => {
    try {
      return source.validator.check(at, candidate).length === 0;
    } catch {
      return false;
    }
  };
  const schemaAt = (at: string) => {
    const schema = valueAt(source.contract, at);
    return isRecord(schema) ? schema : undefined;
  };

  const places: string[] = [];
  function walk(node: unknown, at: string, trail: string[]): void {
    if (trail.length > MAX_DEPTH) return;
    const described = schemaViews(at, node, schemaAt, fits);
    const isExample = described.some((view) => {
      const examples = schemaAt(view)?.examples;
      const first = Array.isArray(examples)
        ? (examples as unknown[]).find((example) => fits(view, example))
        : undefined;
      return first !== undefined && same(first, node);
    });
    if (isExample) {
      places.push(trail.length === 0 ? "the whole answer" : trail.join(" › "));
      return;
    }
    if (Array.isArray(node) && node.length > 0) {
      const list = described.find((view) => schemaAt(view)?.items !== undefined);
      if (list !== undefined) return walk(node[0], `${list}/items`, [...trail, "first item"]);
    }
    if (!isRecord(node)) return;
    for (const name of Object.keys(node)) {
      const view = described.find((candidate) => {
        const properties = schemaAt(candidate)?.properties;
        return isRecord(properties) && Object.hasOwn(properties, name);
      });
      if (view !== undefined) walk(node[name], `${view}/properties/${escapeSegment(name)}`, [...trail, labelOf(name)]);
    }
  }
  walk(value, pointer, []);
  return places;
}

// Type tests: a registry entry's own field rules are typed as the table's rows. Each
// `@ts-expect-error` fails this test if the line below it ever compiles.
import { describe, expectTypeOf, it } from "vitest";
import { defineContracts, type FieldRule } from "./registry.ts";

const PRODUCT = { role: "product", source: "openapi", generated: "src/api" } as const;

describe("a registry entry's field rules", () => {
  it("take a text rule and a number rule, and hand them on as rows of the table", () => {
    const registry = defineContracts({
      product: {
        ...PRODUCT,
        fieldRules: [
          { field: "a motto", name: /^motto$/, make: (schema, name) => `${name}: ${String(schema.maxLength)}` },
          { field: "a floor", name: /^floor$/, range: () => ({ min: 0, max: 80, whole: true }) },
        ],
      },
    });
    expectTypeOf(registry.product.fieldRules).toExtend<readonly FieldRule[]>();
  });

  it("refuse a rule that makes no text, or both a text and a range", () => {
    defineContracts({
      // @ts-expect-error -- a text rule's value is a string
      product: { ...PRODUCT, fieldRules: [{ field: "a floor", name: /^floor$/, make: () => 3 }] },
    });
    defineContracts({
      product: {
        ...PRODUCT,
        fieldRules: [
          // @ts-expect-error -- a rule makes a text or gives a range, not both
          { field: "x", name: /^x$/, make: () => "x", range: () => ({ min: 0, max: 1 }) },
        ],
      },
    });
  });
});

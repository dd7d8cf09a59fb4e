// The contract registry's shape: what defineContracts refuses, and how the capabilities read
// an entry (its fixtures module's path, the product, the services, the gallery's contracts).
import { describe, expect, it } from "vitest";
import registry from "../../../../contracts.config.ts";
import {
  contractList,
  defineContracts,
  galleryContracts,
  productContract,
  serviceContracts,
  type ContractRegistry,
  type FieldRule,
} from "./registry.ts";

const PRODUCT = { role: "product", source: "openapi", generated: "src/api" } as const;

describe("defineContracts", () => {
  it("returns a valid registry as it is", () => {
    const contracts = { product: PRODUCT, maps: { role: "service", source: "maps.yaml", generated: "maps" } } as const;
    expect(defineContracts(contracts)).toBe(contracts);
  });

  it.each<[string, ContractRegistry, string]>([
    ["no product", {}, "the registry names 0 product contracts; it needs exactly one."],
    [
      "two products",
      { product: PRODUCT, other: { ...PRODUCT, generated: "other" } },
      "the registry names 2 product contracts",
    ],
    [
      "a name that is no file name",
      { product: PRODUCT, "Weather API": { ...PRODUCT, role: "test", generated: "w" } },
      '"Weather API": a contract\'s name',
    ],
    [
      "a path outside the repository",
      { product: { ...PRODUCT, source: "../elsewhere" } },
      'product.source: "../elsewhere"',
    ],
    [
      "an absolute path",
      { product: { ...PRODUCT, fixtures: "/tmp/fixtures.ts" } },
      'product.fixtures: "/tmp/fixtures.ts"',
    ],
    [
      "two contracts writing to one folder",
      { product: PRODUCT, twin: { role: "test", source: "twin.yaml", generated: "src/api" } },
      'twin.generated: "src/api" is product\'s already.',
    ],
    [
      "answers for a contract that is no service",
      { product: { ...PRODUCT, answers: "on-request" } },
      "product.answers: only a service's answers are configured",
    ],
    [
      "a field rule that makes nothing",
      { product: { ...PRODUCT, fieldRules: [{ field: "a motto", name: /^motto$/ } as FieldRule] } },
      "product.fieldRules[0]: a rule has a `name` RegExp and one of `make`, `range`.",
    ],
  ])("refuses %s, naming the registry and the entry", (_, contracts, problem) => {
    expect(() => defineContracts(contracts)).toThrow(/^contracts\.config\.ts:\n/);
    expect(() => defineContracts(contracts)).toThrow(problem);
  });
});

describe("reading the registry", () => {
  const contracts = {
    product: { ...PRODUCT, fixtures: "mocks/generated/fixtures.ts" },
    example: { role: "test", source: "tests/example/openapi.yaml", generated: "tests/example/generated" },
    maps: { role: "service", source: "mocks/maps/maps.yaml", generated: "mocks/maps/generated" },
    quiet: { role: "service", source: "q.yaml", generated: "q", gallery: false },
  } as const satisfies ContractRegistry;

  it("names each contract and puts its fixtures module in its generated folder unless told otherwise", () => {
    expect(contractList(contracts).map(({ name, fixtures }) => [name, fixtures])).toEqual([
      ["product", "mocks/generated/fixtures.ts"],
      ["example", "tests/example/generated/fixtures.ts"],
      ["maps", "mocks/maps/generated/fixtures.ts"],
      ["quiet", "q/fixtures.ts"],
    ]);
  });

  it("finds the product, the services, and the contracts the gallery shows", () => {
    expect(productContract(contracts).name).toBe("product");
    expect(serviceContracts(contracts).map(({ name }) => name)).toEqual(["maps", "quiet"]);
    expect(galleryContracts(contracts).map(({ name }) => name)).toEqual(["product", "maps"]);
  });

  it("holds the project's contracts: the product's in openapi/, identity and analytics as services kept out of the gallery", () => {
    expect(productContract(registry)).toMatchObject({ source: "openapi", generated: "src/api" });
    expect(serviceContracts(registry).map(({ name }) => name)).toEqual(["identity", "analytics"]);
    expect(galleryContracts(registry).map(({ name }) => name)).toEqual(["product"]);
  });
});

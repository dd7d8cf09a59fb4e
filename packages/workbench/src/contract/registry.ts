// The shape of the contract registry (contracts.config.ts at the repository's root) and the readings
// every capability shares: the product, the services, where each one's generated files and fixtures
// go. No I/O, so Node and the browser read it alike.

/**
 * What a contract is to the project: `product`, the app's own API (exactly one; coverage held to the
 * threshold); `service`, a third party the app calls (fixtures answer it in the mock setups, coverage
 * reported apart, in the gallery unless told otherwise); `test`, for the workbench's own tests: generated only.
 */
export type ContractRole = "product" | "service" | "test";

/** Where a service's answers come from when its requests are not answered by its fixtures' handlers. */
export interface HandWrittenHandlers {
  /** The module that exports the handlers, relative to the repository (`mocks/identity/fixtures.ts`). */
  module: string;
  /** The name of its export: an array of MSW request handlers. */
  export: string;
}

/** The values a number of some meaning takes: `whole` when even a `type: number` holds whole ones (a time). */
export interface NumberRange {
  min: number;
  max: number;
  whole?: boolean;
}

/**
 * One row of the field rules' table (packages/workbench/src/fixtures/data/field-rules.ts): which field it
 * recognises, and how its value is made: `make` for a string the schema leaves free, `range`
 * for a number (met with the schema's own bounds).
 */
export type FieldRule = {
  /** What the rule recognises, as a reader of the table (and its test) names it. */
  field: string;
  /** The property's name, snake_case (`photoUrls` reads `photo_urls`; a header `X-RateLimit-Limit`, `x_rate_limit_limit`). */
  name: RegExp;
  /** The parent's name (the object holding the property, or the list it is an item of), when it matters. */
  parent?: RegExp;
} & (
  | {
      /** The value, from the schema (its bounds) and the property's snake_case name. */
      make: (schema: Record<string, unknown>, name: string) => string;
      range?: never;
    }
  | {
      /** The range of a number of this meaning, from the property's snake_case name. */
      range: (name: string) => NumberRange;
      make?: never;
    }
);

export interface ContractEntry {
  role: ContractRole;
  /** The document: a folder holding `openapi.yaml|yml|json`, or one file; relative to the repository. */
  source: string;
  /** Where `npm run api` writes `schema.d.ts`, `manifest.json` and `contract.json`. */
  generated: string;
  /**
   * Where `npm run api` writes the contract's typed fixtures module; `<generated>/fixtures.ts`
   * unless given (the product's generated folder ships with the app, its fixtures must not).
   */
  fixtures?: string;
  /**
   * A service's answers in `npm run dev`, Storybook and the Node tests: its fixtures' handlers
   * (`"fixtures"`, the default), hand-written ones, or none (`"on-request"`: tests and stories
   * mount them when they want them).
   */
  answers?: "fixtures" | "on-request" | HandWrittenHandlers;
  /** Whether the contract gallery shows the contract's operations (the product's and services' by default). */
  gallery?: boolean;
  /**
   * The team's own rows of the field rules, read before the built-in ones wherever this contract's
   * fixtures answer. Draw from `@faker-js/faker/locale/en`'s `faker`, which the fixtures seed before each value.
   */
  fieldRules?: readonly FieldRule[];
}

/** The registry: each contract once, by name. */
export type ContractRegistry = Readonly<Record<string, ContractEntry>>;

/** One entry with its name, as the capabilities read it. */
export interface NamedContract extends ContractEntry {
  name: string;
  /** Where its fixtures module is written, relative to the repository. */
  fixtures: string;
}

/** The names of the registry's services, as a type (contract coverage records exchanges under them). */
export type ServiceNames<Registry extends ContractRegistry> = {
  [Name in keyof Registry]: Registry[Name]["role"] extends "service" ? Name : never;
}[keyof Registry] &
  string;

/** Contract names become file names, module names and story titles: plain ones only. */
const NAME = /^[a-z][a-z0-9-]*$/;

/**
 * The registry, checked when it is read: one product, plain names, relative paths inside the
 * repository, each generated folder used once, `answers` only for services.
 *
 * @example
 * export default defineContracts({
 *   product: { role: "product", source: "openapi", generated: "src/api", fixtures: "mocks/generated/fixtures.ts" },
 *   maps: { role: "service", source: "mocks/maps/maps.openapi.yaml", generated: "mocks/maps/generated" },
 * });
 */
export function defineContracts<const Registry extends ContractRegistry>(registry: Registry): Registry {
  const problems: string[] = [];
  const seen = new Map<string, string>();
  for (const [name, entry] of Object.entries(registry)) {
    if (!NAME.test(name)) problems.push(`"${name}": a contract's name is lower-case letters, digits and "-".`);
    for (const [field, path] of [
      ["source", entry.source],
      ["generated", entry.generated],
      ["fixtures", entry.fixtures],
    ] as const) {
      if (path === undefined) continue;
      if (path === "" || path.startsWith("/") || path.split("/").includes("..") || path.includes("\\")) {
        problems.push(`${name}.${field}: "${path}" must be a path inside the repository, written with "/".`);
      }
    }
    (entry.fieldRules ?? []).forEach((rule, index) => {
      const ok =
        rule.name instanceof RegExp && (typeof rule.make === "function") !== (typeof rule.range === "function");
      if (!ok)
        problems.push(`${name}.fieldRules[${index}]: a rule has a \`name\` RegExp and one of \`make\`, \`range\`.`);
    });
    const other = seen.get(entry.generated);
    if (other !== undefined) problems.push(`${name}.generated: "${entry.generated}" is ${other}'s already.`);
    seen.set(entry.generated, name);
    if (entry.answers !== undefined && entry.role !== "service") {
      problems.push(`${name}.answers: only a service's answers are configured (the product's are its fixtures).`);
    }
  }
  const products = Object.values(registry).filter((entry) => entry.role === "product").length;
  if (products !== 1) problems.push(`the registry names ${products} product contracts; it needs exactly one.`);
  if (problems.length > 0) throw new Error(`contracts.config.ts:\n  ${problems.join("\n  ")}`);
  return registry;
}

/** Every contract, in the registry's order, with its name and its fixtures module's path. */
export function contractList(registry: ContractRegistry): NamedContract[] {
  return Object.entries(registry).map(([name, entry]) => ({
    ...entry,
    name,
    fixtures: entry.fixtures ?? `${entry.generated}/fixtures.ts`,
  }));
}

/** The product's contract (defineContracts has made sure there is exactly one). */
export function productContract(registry: ContractRegistry): NamedContract {
  const product = contractList(registry).find((entry) => entry.role === "product");
  if (!product) throw new Error("contracts.config.ts: no product contract.");
  return product;
}

/** The services, in the registry's order. */
export function serviceContracts(registry: ContractRegistry): NamedContract[] {
  return contractList(registry).filter((entry) => entry.role === "service");
}

/** The contracts the gallery shows: the product's first, then each service's unless it opts out. */
export function galleryContracts(registry: ContractRegistry): NamedContract[] {
  return [productContract(registry), ...serviceContracts(registry)].filter((entry) => entry.gallery !== false);
}

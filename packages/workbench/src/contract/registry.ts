// The shape of contracts.config.ts and its shared readings. No I/O, so Node and the browser read it alike.

/** `product`: the app's own API (exactly one); `service`: a third party it calls; `test`: generated only. */
export type ContractRole = "product" | "service" | "test";

export interface HandWrittenHandlers {
  /** Relative to the repository (`mocks/identity/fixtures.ts`). */
  module: string;
  /** An export holding an array of MSW request handlers. */
  export: string;
}

/** `whole` when even a `type: number` holds whole ones (a time). */
export interface NumberRange {
  min: number;
  max: number;
  whole?: boolean;
}

/** One row of the field rules' table: `make` for a string the schema leaves free, `range` for a number. */
export type FieldRule = {
  field: string;
  /** The property's name, snake_case (`photoUrls` reads `photo_urls`; a header `X-RateLimit-Limit`, `x_rate_limit_limit`). */
  name: RegExp;
  /** The object holding the property, or the list it is an item of. */
  parent?: RegExp;
} & (
  | { make: (schema: Record<string, unknown>, name: string) => string; range?: never }
  | { range: (name: string) => NumberRange; make?: never }
);

export interface ContractEntry {
  role: ContractRole;
  /** A folder holding `openapi.yaml|yml|json`, or one file; relative to the repository. */
  source: string;
  /** Where `npm run api` writes `schema.d.ts`, `manifest.json` and `contract.json`. */
  generated: string;
  /** `<generated>/fixtures.ts` unless given (the product's generated folder ships with the app, its fixtures must not). */
  fixtures?: string;
  /** A service's answers: its fixtures' handlers (the default), hand-written ones, or `"on-request"` (mounted by tests and stories). */
  answers?: "fixtures" | "on-request" | HandWrittenHandlers;
  /** Shown in the gallery (the product's and services' by default). */
  gallery?: boolean;
  /** Read before the built-in rules; draw from `@faker-js/faker/locale/en`'s `faker`, seeded before each value. */
  fieldRules?: readonly FieldRule[];
}

export type ContractRegistry = Readonly<Record<string, ContractEntry>>;

export interface NamedContract extends ContractEntry {
  name: string;
  fixtures: string;
}

/** Contract names become file names, module names and story titles: plain ones only. */
const NAME = /^[a-z][a-z0-9-]*$/;

/** The registry, checked when it is read. */
export function defineContracts<const Registry extends ContractRegistry>(registry: Registry): Registry {
  const problems: string[] = [];
  const seen = new Map<string, string>();
  for (const [name, entry] of Object.entries(registry)) {
    if (!NAME.test(name)) problems.push(`"${name}": a contract's name is lower-case letters, digits and "-".`);
    for (const field of ["source", "generated", "fixtures"] as const) {
      const path = entry[field];
      if (path === undefined) continue;
      if (path === "" || path.startsWith("/") || path.split("/").includes("..") || path.includes("\\"))
        problems.push(`${name}.${field}: "${path}" must be a path inside the repository, written with "/".`);
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
    if (entry.answers !== undefined && entry.role !== "service")
      problems.push(`${name}.answers: only a service's answers are configured (the product's are its fixtures).`);
  }
  const products = Object.values(registry).filter((entry) => entry.role === "product").length;
  if (products !== 1) problems.push(`the registry names ${products} product contracts; it needs exactly one.`);
  if (problems.length > 0) throw new Error(`contracts.config.ts:\n  ${problems.join("\n  ")}`);
  return registry;
}

export function contractList(registry: ContractRegistry): NamedContract[] {
  return Object.entries(registry).map(([name, entry]) => ({
    ...entry,
    name,
    fixtures: entry.fixtures ?? `${entry.generated}/fixtures.ts`,
  }));
}

export function productContract(registry: ContractRegistry): NamedContract {
  const product = contractList(registry).find((entry) => entry.role === "product");
  if (!product) throw new Error("contracts.config.ts: no product contract.");
  return product;
}

export function serviceContracts(registry: ContractRegistry): NamedContract[] {
  return contractList(registry).filter((entry) => entry.role === "service");
}

export function galleryContracts(registry: ContractRegistry): NamedContract[] {
  return [productContract(registry), ...serviceContracts(registry)].filter((entry) => entry.gallery !== false);
}

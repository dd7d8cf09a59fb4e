import { Ajv2020, type ErrorObject, type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import type { ContractSchemas, JsonSchema } from "../contract-types";
import { pointerSegment } from "./json-pointer";
import { documentWithStandIn, mentionsProto, textWithoutStandIn, valueWithStandIn, withStandIn } from "./proto-keys";
import { emptyEnumPlaces } from "./unsatisfiable";
import { linearRegExp, patternPlaces, type LinearRegExpEngine } from "./linear-regexp";

/** A schema failure, located and described: the parts of a Violation the validator knows. */
export interface SchemaFailure {
  pointer: string;
  expected: string;
  actual: string;
}

const ROOT = "contract";
const MAX_REPORTED = 5;

export { pointerSegment };

/** A short, readable rendering of a value for a message. */
export function show(value: unknown): string {
  if (value === undefined) return "nothing";
  // JSON.stringify gives undefined for functions and symbols, which no JSON body holds.
  const text = JSON.stringify(value) ?? typeof value;
  return text.length > 80 ? `${text.slice(0, 77)}…` : text;
}

function describe(error: ErrorObject): SchemaFailure {
  const params = error.params as Record<string, unknown>;
  const pointer = error.instancePath;
  switch (error.keyword) {
    case "required":
      return {
        pointer: `${pointer}/${pointerSegment(String(params.missingProperty))}`,
        expected: "a value (required)",
        actual: "nothing",
      };
    case "additionalProperties":
      return {
        pointer: `${pointer}/${pointerSegment(String(params.additionalProperty))}`,
        expected: "no such property (additionalProperties: false)",
        actual: "a value",
      };
    case "type":
      return { pointer, expected: `type ${String(params.type)}`, actual: show(error.data) };
    case "enum":
      return { pointer, expected: `one of ${show(params.allowedValues)}`, actual: show(error.data) };
    case "const":
      return { pointer, expected: show(params.allowedValue), actual: show(error.data) };
    case "format":
      return { pointer, expected: `format ${String(params.format)}`, actual: show(error.data) };
    case "minimum":
    case "maximum":
    case "exclusiveMinimum":
    case "exclusiveMaximum":
      return { pointer, expected: `${String(params.comparison)} ${String(params.limit)}`, actual: show(error.data) };
    case "minLength":
      return { pointer, expected: `at least ${String(params.limit)} characters`, actual: show(error.data) };
    case "maxLength":
      return { pointer, expected: `at most ${String(params.limit)} characters`, actual: show(error.data) };
    case "minItems":
      return { pointer, expected: `at least ${String(params.limit)} items`, actual: show(error.data) };
    case "maxItems":
      return { pointer, expected: `at most ${String(params.limit)} items`, actual: show(error.data) };
    case "pattern":
      return { pointer, expected: `a match for /${String(params.pattern)}/`, actual: show(error.data) };
    case "multipleOf":
      return { pointer, expected: `a multiple of ${String(params.multipleOf)}`, actual: show(error.data) };
    default:
      // Ajv's own wording ("must match exactly one schema in oneOf") says what was expected.
      return {
        pointer,
        expected: (error.message ?? error.keyword).replace(/^must (be )?/, ""),
        actual: show(error.data),
      };
  }
}

/** A `oneOf` failure because several branches matched (not because none did). */
function ambiguities(errors: ErrorObject[]): ErrorObject[] {
  return errors.filter(
    (error) =>
      error.keyword === "oneOf" && Array.isArray((error.params as { passingSchemas?: unknown }).passingSchemas),
  );
}

/** The contract with every `oneOf` read as `anyOf`: what the lenient check compiles. */
function withAnyOf(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withAnyOf);
  if (typeof node !== "object" || node === null) return node;
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) => [key === "oneOf" ? "anyOf" : key, withAnyOf(value)]),
  );
}

/**
 * The failures worth reading: composition keywords (`oneOf`, `anyOf`) report every
 * branch's failure and then their own; the deepest, most specific ones come first.
 */
function failuresOf(errors: ErrorObject[] | null | undefined): SchemaFailure[] {
  const list = (errors ?? []).filter((error) => !["oneOf", "anyOf", "allOf", "if"].includes(error.keyword));
  const chosen = list.length > 0 ? list : (errors ?? []);
  const unique = new Map<string, SchemaFailure>();
  for (const failure of chosen.map(describe)) unique.set(`${failure.pointer} ${failure.expected}`, failure);
  return [...unique.values()].slice(0, MAX_REPORTED);
}

/** OpenAPI's formats that JSON Schema lacks; the numeric ones are checked, the rest are names only. */
function addOpenApiFormats(ajv: Ajv2020): void {
  ajv.addFormat("int32", {
    type: "number",
    validate: (n: number) => Number.isInteger(n) && n >= -(2 ** 31) && n < 2 ** 31,
  });
  ajv.addFormat("int64", { type: "number", validate: (n: number) => Number.isInteger(n) });
  ajv.addFormat("float", { type: "number", validate: () => true });
  ajv.addFormat("double", { type: "number", validate: () => true });
  ajv.addFormat("password", true);
  ajv.addFormat("binary", true);
}

/**
 * Checks values against the contract's schemas (`contract.json`, JSON Schema 2020-12,
 * converted from OpenAPI 3.0 or 3.1 by `npm run api`). One Ajv instance holds the
 * whole document; each schema is compiled the first time it is used, then reused.
 *
 * @example
 * const validator = createValidator(contract);
 * validator.check("#/operations/getNote/responses/200/content/application~1json/schema", body);
 * // → [] or [{ pointer: "/id", expected: "type string", actual: "42" }]
 */
function createAjv(document: unknown, regExp: LinearRegExpEngine): Ajv2020 {
  const ajv = new Ajv2020({
    // Patterns come from the contract, which is untrusted: they run in linear time (see ./linear-regexp).
    code: { regExp },
    strict: false,
    allErrors: true,
    verbose: true,
    // The contract was linted by `npm run api`; checking it against the meta-schema again costs seconds on large ones.
    validateSchema: false,
    // Contracts write patterns for many regex engines; without the `u` flag more of them compile.
    unicodeRegExp: false,
    logger: false,
    // `required` and `properties` look at own properties only: a body without `constructor` lacks it.
    ownProperties: true,
  });
  addFormats(ajv);
  addOpenApiFormats(ajv);
  ajv.addSchema(document as Record<string, unknown>, ROOT);
  return ajv;
}

/** Ajv's compilation, with an empty enum named where it is rather than as Ajv says it. */
function compileOrSay(ajv: Ajv2020, schema: JsonSchema | string, document: unknown): ValidateFunction | undefined {
  try {
    return typeof schema === "string" ? ajv.getSchema(schema) : ajv.compile(schema as Record<string, unknown>);
  } catch (error) {
    if (error instanceof Error && error.message.includes("enum must have non-empty array")) {
      const places = emptyEnumPlaces(document);
      throw new Error(`an empty enum at ${places.join(", ") || "a schema"}, which no value satisfies`);
    }
    throw error;
  }
}

export function createValidator(contract: ContractSchemas) {
  const regExp = linearRegExp(() => patternPlaces(contract));
  // A property named `__proto__` goes by a stand-in inside Ajv, which ignores that name (./proto-keys).
  const translate = mentionsProto(contract);
  const document = translate ? documentWithStandIn(contract) : contract;
  const ajv = createAjv(document, regExp);
  const compiled = new Map<string, ValidateFunction>();
  /**
   * A second check that reads each `oneOf` as `anyOf`, built the first time a value fails
   * only because several branches of a `oneOf` matched. GitHub's event payloads
   * list `{ type: object }` beside specific events, so no payload can match exactly one:
   * the contract is ambiguous, not the data. Such a value is accepted with a warning; any
   * other failure is reported as the lenient check finds it.
   */
  let lenient: { ajv: Ajv2020; compiled: Map<string, ValidateFunction> } | undefined;
  const warned = new Set<string>();

  function compileIn(
    target: { ajv: Ajv2020; compiled: Map<string, ValidateFunction> },
    key: string,
    schema: JsonSchema | undefined,
  ): ValidateFunction {
    let validate = target.compiled.get(key);
    if (!validate) {
      if (schema === undefined) {
        const found = compileOrSay(target.ajv, `${ROOT}${key}`, contract);
        if (!found) throw new Error(`[mocks] No schema at ${key} in the contract.`);
        validate = found;
      } else validate = compileOrSay(target.ajv, schema, contract) as ValidateFunction;
      target.compiled.set(key, validate);
    }
    return validate;
  }

  /** `schema` undefined: `key` is a pointer into the contract. */
  function run(key: string, schema: JsonSchema | undefined, value: unknown): SchemaFailure[] {
    if (!translate) return runAs(key, schema, value);
    return runAs(key, withStandIn(schema) as JsonSchema | undefined, valueWithStandIn(value)).map((failure) => ({
      pointer: textWithoutStandIn(failure.pointer),
      expected: textWithoutStandIn(failure.expected),
      actual: textWithoutStandIn(failure.actual),
    }));
  }

  function runAs(key: string, schema: JsonSchema | undefined, value: unknown): SchemaFailure[] {
    const validate = compileIn({ ajv, compiled }, key, schema);
    if (validate(value)) return [];
    const ambiguous = ambiguities(validate.errors ?? []);
    if (ambiguous.length === 0) return failuresOf(validate.errors);
    lenient ??= { ajv: createAjv(withAnyOf(document), regExp), compiled: new Map() };
    const relaxed = compileIn(lenient, key, schema);
    if (!relaxed(value)) return failuresOf(relaxed.errors);
    for (const oneOf of ambiguous) {
      const note = `${key} ${oneOf.schemaPath}`;
      if (warned.has(note)) continue;
      warned.add(note);
      console.warn(
        `[mocks] ${key}: the value at ${oneOf.instancePath || "/"} matches several branches of the oneOf at ` +
          `${oneOf.schemaPath} (${JSON.stringify((oneOf.params as { passingSchemas: unknown }).passingSchemas)}); ` +
          "accepted. The contract may mean anyOf, or need a discriminator.",
      );
    }
    return [];
  }

  return {
    /**
     * Checks `value` against the schema at `pointer` in the contract document
     * (`#/components/schemas/Note`, `#/operations/…/schema`). Throws when the schema
     * itself cannot be compiled (an invalid `pattern`, say).
     */
    check(pointer: string, value: unknown): SchemaFailure[] {
      return run(pointer, undefined, value);
    },
    /** Checks `value` against a schema built from the contract's (parameters gathered into one object, say). */
    checkAgainst(key: string, schema: JsonSchema, value: unknown): SchemaFailure[] {
      return run(`${key}#built`, schema, value);
    },
    /** The `$id` the contract document is registered under, for schemas that refer into it. */
    root: ROOT,
  };
}

export type Validator = ReturnType<typeof createValidator>;

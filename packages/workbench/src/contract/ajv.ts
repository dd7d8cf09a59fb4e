// The fixtures' validator and `npm run api`'s example checks build their Ajv here: one verdict per example.
import { Ajv2020, type Format } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { JSON_SCHEMA_FORMATS, OPENAPI_FORMATS } from "./formats.ts";
import type { LinearRegExpEngine } from "./linear-regexp.ts";

/** How much is reported and how it is compiled, never the verdict. */
export interface AjvReporting {
  allErrors: boolean;
  verbose?: boolean;
  inlineRefs?: boolean;
  /** Off unless asked: on a large contract the optimiser's passes cost more than they save. */
  optimize?: boolean;
}

/** The integer formats are checked by range, the rest are names only. */
const OPENAPI_FORMAT_CHECKS: Record<(typeof OPENAPI_FORMATS)[number], Format> = {
  int32: { type: "number", validate: (n: number) => Number.isInteger(n) && n >= -(2 ** 31) && n < 2 ** 31 },
  int64: { type: "number", validate: (n: number) => Number.isInteger(n) },
  float: { type: "number", validate: () => true },
  double: { type: "number", validate: () => true },
  password: true,
  binary: true,
};

export function createContractAjv(regExp: LinearRegExpEngine, reporting: AjvReporting): Ajv2020 {
  const { allErrors, verbose = false, inlineRefs = true, optimize = false } = reporting;
  const ajv = new Ajv2020({
    // Patterns come from the contract, which is untrusted: they run in linear time.
    code: { regExp, optimize },
    allErrors,
    verbose,
    inlineRefs,
    strict: false,
    // The contract was linted by `npm run api`; checking it against the meta-schema again costs seconds on large ones.
    validateSchema: false,
    // Contracts write patterns for many regex engines; without the `u` flag more of them compile.
    unicodeRegExp: false,
    logger: false,
    // `required` and `properties` look at own properties only: a body without `constructor` lacks it.
    ownProperties: true,
    // In binary floating point 660385.59 / 0.01 is 66038558.99999999: a decimal `multipleOf` needs a tolerance.
    multipleOfPrecision: 6,
  });
  addFormats(ajv, [...JSON_SCHEMA_FORMATS]);
  for (const name of OPENAPI_FORMATS) ajv.addFormat(name, OPENAPI_FORMAT_CHECKS[name]);
  return ajv;
}

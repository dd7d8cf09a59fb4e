/**
 * `npm run bench:mock-data -- <document>`: whether the default answers look like the
 * contract's own data. Over every GET operation answering JSON with a 200, the first
 * item of each default answer (what `fixtures.fixture(id, 200)` serves):
 * - property examples honoured: properties whose schema gives a valid `example`/`examples`
 *   and whose value is the first of them (a property named like a path parameter, or the
 *   `id` a `…Id` parameter names, is left out: the request chooses it); answers that are the response's own media-type
 *   example are counted apart, their properties are the contract's by definition, and so
 *   are values that are their schema's own example (which comes before its properties');
 *   a property absent from the answer (another `oneOf` branch's) is counted apart;
 * - strings that fell back to lorem ipsum (every word faker's Latin, at least one longer than
 *   three letters not English: `id` or `et` alone is not lorem), in free-text fields
 *   (`description`, `body`, `bio`, …) and elsewhere.
 *
 * Measured independently of the fixtures' own walk: this reads the contract and the
 * answers only. The document is generated in memory (never copied into openapi/).
 */
import { faker } from "@faker-js/faker/locale/en";
import { isDeepStrictEqual } from "node:util";
import { join, relative, resolve } from "node:path";
import { runnerImport } from "vite";
import type { ContractSchemas } from "../../workbench/contract/contract-types.ts";
import type { Manifest } from "../../src/api/manifest-types.ts";
import type * as ContractFixtures from "../../workbench/fixtures/contract-fixtures.ts";
import { generate } from "../../workbench/codegen/generate.ts";
import { escapeSegment, valueAt } from "../../workbench/contract/pointer.ts";
import { isJsonMediaType, preferredMediaType } from "../../workbench/contract/media-and-status.ts";
import { documentArguments } from "./arguments.ts";

const root = resolve(import.meta.dirname, "../..");
const { document } = documentArguments("bench:mock-data", "", 0);
/** Nesting read per answer: deep enough for every property example Petstore, GitHub or OpenAI give. */
const MAX_DEPTH = 10;

const { module } = await runnerImport<typeof ContractFixtures>(join(root, "workbench/fixtures/contract-fixtures.ts"), {
  configFile: false,
  root,
  logLevel: "silent",
  resolve: { alias: { "@": join(root, "src") } },
});
const { outputs } = await generate(root, { contract: relative(root, document), outDir: "bench" });
const manifest = JSON.parse(outputs.get("bench/manifest.json") ?? "") as Manifest;
const contract = JSON.parse(outputs.get("bench/contract.json") ?? "") as ContractSchemas;
const fixtures = module.createFixtures(manifest, contract);
const { validator } = fixtures;

const LOREM = new Set(faker.definitions.lorem.word.map((word) => word.toLowerCase()));
const ENGLISH = new Set(
  Object.values(faker.definitions.word as Record<string, string[]>).flatMap((words) =>
    words.map((w) => w.toLowerCase()),
  ),
);
/** Free-text names, read as the fixtures' field rules read them (snake_case words). */
const FREE_TEXT =
  /(^|_)(description|body|text|content|contents|message|comment|bio|notes?|details?|summary|about|readme)(_|$)/;
const snake = (name: string) =>
  name
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .replace(/[^A-Za-z0-9]+/g, "_")
    .toLowerCase();

function isLorem(text: string): boolean {
  const words = text.toLowerCase().match(/[a-z]+/g) ?? [];
  return (
    words.length > 0 &&
    words.every((word) => LOREM.has(word)) &&
    words.some((word) => word.length > 3 && !ENGLISH.has(word))
  );
}

const record = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const valid = new Map<string, boolean>();
function validAt(pointer: string, value: unknown): boolean {
  const key = `${pointer}\n${JSON.stringify(value)}`;
  let result = valid.get(key);
  if (result === undefined) {
    try {
      result = validator.check(pointer, value).length === 0;
    } catch {
      result = false;
    }
    valid.set(key, result);
  }
  return result;
}

/** The pointers whose schemas apply to a value at `pointer`: itself, what it refers to, its `allOf`, the branches it matches. */
function views(pointer: string, value: unknown, seen = new Set<string>()): string[] {
  if (seen.has(pointer)) return [];
  seen.add(pointer);
  const schema = valueAt(contract, pointer);
  if (!record(schema)) return [];
  const found = [pointer];
  if (typeof schema.$ref === "string" && schema.$ref.startsWith("#/")) found.push(...views(schema.$ref, value, seen));
  if (Array.isArray(schema.allOf))
    schema.allOf.forEach((_, i) => found.push(...views(`${pointer}/allOf/${i}`, value, seen)));
  for (const keyword of ["anyOf", "oneOf"]) {
    const branches = schema[keyword];
    if (!Array.isArray(branches)) continue;
    const index = branches.findIndex((_, i) => validAt(`${pointer}/${keyword}/${i}`, value));
    if (index >= 0) found.push(...views(`${pointer}/${keyword}/${index}`, value, seen));
  }
  return found;
}

function firstExample(pointer: string): unknown {
  const schema = valueAt(contract, pointer);
  const examples: unknown[] = record(schema) && Array.isArray(schema.examples) ? schema.examples : [];
  return examples.find((candidate) => validAt(pointer, candidate));
}

const totals = {
  answers: 0,
  mediaExamples: 0,
  wholeExamples: 0,
  absent: 0,
  sites: 0,
  honoured: 0,
  strings: 0,
  loremFree: 0,
  loremElsewhere: 0,
};
const missed: string[] = [];
const loremPlaces: string[] = [];

function countStrings(value: unknown, name: string): void {
  if (typeof value === "string") {
    totals.strings++;
    if (isLorem(value)) {
      if (FREE_TEXT.test(snake(name))) totals.loremFree++;
      else {
        totals.loremElsewhere++;
        if (loremPlaces.length < 8) loremPlaces.push(`${name}: ${JSON.stringify(value).slice(0, 60)}`);
      }
    }
  } else if (Array.isArray(value)) value.forEach((item) => countStrings(item, name));
  else if (record(value)) Object.entries(value).forEach(([key, item]) => countStrings(item, key));
}

function walk(value: unknown, pointer: string, depth: number, leftOut: Set<string>, place: string): void {
  if (depth > MAX_DEPTH) return;
  const described = views(pointer, value);
  // A value that is its schema's own example (the order puts it before its properties') is the contract's whole.
  if (
    typeof value === "object" &&
    value !== null &&
    described.some((view) => isDeepStrictEqual(firstExample(view), value))
  ) {
    totals.wholeExamples++;
    return;
  }
  for (const view of described) {
    const schema = valueAt(contract, view) as Record<string, unknown>;
    if (Array.isArray(value) && schema.items !== undefined && value.length > 0)
      walk(value[0], `${view}/items`, depth + 1, leftOut, `${place}/0`);
    if (!record(value) || !record(schema.properties)) continue;
    for (const name of Object.keys(schema.properties)) {
      const at = `${view}/properties/${escapeSegment(name)}`;
      const property = valueAt(contract, at);
      const examples: unknown[] = record(property) && Array.isArray(property.examples) ? property.examples : [];
      const example = examples.find((candidate) => validAt(at, candidate));
      if (example !== undefined && !leftOut.has(name) && !Object.hasOwn(value, name)) totals.absent++;
      else if (example !== undefined && !leftOut.has(name)) {
        totals.sites++;
        if (isDeepStrictEqual(value[name], example)) totals.honoured++;
        else if (missed.length < 12)
          missed.push(
            `${place}/${name}: ${JSON.stringify(value[name])?.slice(0, 60)} ≠ ${JSON.stringify(example).slice(0, 60)}`,
          );
      }
      if (Object.hasOwn(value, name)) walk(value[name], at, depth + 1, leftOut, `${place}/${name}`);
    }
  }
}

for (const operation of manifest.operations) {
  if (operation.method.toLowerCase() !== "get") continue;
  const content = contract.operations[operation.operationId]?.responses["200"]?.content ?? {};
  const mediaType = preferredMediaType(Object.keys(content));
  const media = mediaType === undefined ? undefined : content[mediaType];
  if (mediaType === undefined || media?.schema === undefined || !isJsonMediaType(mediaType)) continue;
  const pointer = `#/operations/${escapeSegment(operation.operationId)}/responses/200/content/${escapeSegment(mediaType)}/schema`;
  let value: unknown;
  try {
    value = fixtures.fixture(operation.operationId as never, 200 as never);
  } catch {
    continue;
  }
  totals.answers++;
  countStrings(value, "");
  if (media.examples.some((example) => isDeepStrictEqual(example, value))) {
    totals.mediaExamples++;
    continue;
  }
  // The request chooses these: `petId` (and the item's `id` it names).
  const pathNames = (contract.operations[operation.operationId]?.parameters ?? [])
    .filter((parameter) => parameter.in === "path")
    .map((parameter) => parameter.name);
  const leftOut = new Set([...pathNames, ...(pathNames.some((name) => /id$/i.test(name)) ? ["id"] : [])]);
  walk(value, pointer, 0, leftOut, operation.operationId);
}

const share = (part: number, whole: number) => (whole === 0 ? "n/a" : `${((100 * part) / whole).toFixed(0)} %`);
console.log(
  [
    `bench:mock-data: ${relative(process.cwd(), document)}: ${totals.answers} default answers (GET, JSON 200), ${totals.mediaExamples} of them the response's own example`,
    `  property examples honoured in the first item: ${totals.honoured} of ${totals.sites} (${share(totals.honoured, totals.sites)})` +
      `; ${totals.wholeExamples} objects or lists are their schema's own example; ${totals.absent} properties with examples absent (another branch)`,
    `  strings that fell back to lorem: ${totals.loremElsewhere} outside free-text fields, ${totals.loremFree} in free text, of ${totals.strings} strings`,
    ...(missed.length > 0 ? ["  first examples not honoured:", ...missed.map((line) => `    ${line}`)] : []),
    ...(loremPlaces.length > 0
      ? ["  first lorem outside free text:", ...loremPlaces.map((line) => `    ${line}`)]
      : []),
  ].join("\n"),
);

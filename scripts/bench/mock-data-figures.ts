/**
 * Whether a contract's default answers look like the contract's own data, measured from the
 * contract and the answers only (independently of the fixtures' own walk), for
 * `npm run bench:mock-data` (one document) and `npm run bench:corpus` (a directory of them).
 * Over every GET operation answering JSON with a 200, the first item of each default answer
 * (what `fixtures.fixture(id, 200)` serves):
 * - property examples honoured: properties whose schema gives a valid `example`/`examples`
 *   and whose value is the first of them (a property named like a path parameter, or the
 *   `id` a `…Id` parameter names, is left out: the request chooses it); answers that are the
 *   response's own media-type example are counted apart, their properties are the contract's
 *   by definition, and so are values that are their schema's own example (which comes before
 *   its properties'); a property absent from the answer (another `oneOf` branch's) is counted apart;
 * - strings that fell back to lorem ipsum (every word faker's Latin, at least one longer than
 *   three letters not English: `id` or `et` alone is not lorem), in free-text fields
 *   (`description`, `body`, `bio`, …) and elsewhere, identifiers aside (no prose);
 * - values that fit their field: a field whose name says what it holds (`email`, `url`,
 *   `created_at`, `phone`, `country_code`, `currency`, `price`, `max_participants`, `percent`, …)
 *   holds a value of that shape; negative numbers in fields that count or measure are counted apart;
 *   a value that does not fit but is what the contract's own examples give that field (Xero's
 *   journal lines' negative amounts; any negative number where its examples give one) or one of the values its schema lists (OpenAI's
 *   `batch_size` of `"auto"`) is the contract's word and counted apart, in neither figure;
 * - identifiers shaped like the contract's own: a string `id`, `…_id` or `…Id` the contract says
 *   nothing of (no example, format, pattern or list of values) is in the shape of one of the
 *   contract's id examples (a UUID, or an optional `word_`/`word-` prefix then characters of one
 *   class, digits, hex, lower or mixed alphanumerics, of one length; the prefix's letters aside).
 */
import { faker } from "@faker-js/faker/locale/en";
import { isDeepStrictEqual } from "node:util";
import type { ContractSchemas } from "@contract-workbench/workbench/contract";
import type { Manifest } from "@contract-workbench/runtime/manifest";
import type { Fixtures } from "@contract-workbench/workbench/fixtures";
import { escapeSegment, valueAt, isJsonMediaType, preferredMediaType } from "@contract-workbench/workbench/contract";

/** Nesting read per answer: deep enough for every property example Petstore, GitHub or OpenAI give. */
const MAX_DEPTH = 10;
/** How many places of each kind a report lists. */
const LISTED = 8;

const LOREM = new Set(faker.definitions.lorem.word.map((word) => word.toLowerCase()));
const ENGLISH = new Set(
  Object.values(faker.definitions.word as Record<string, string[]>).flatMap((words) =>
    words.map((w) => w.toLowerCase()),
  ),
);
/** Free-text names, read as the fixtures' field rules read them (snake_case words). */
const FREE_TEXT =
  /(^|_)(description|body|text|content|contents|message|comment|bio|notes?|details?|summary|about|readme)(_|$)/;

/** Quantities that cannot be negative: counts, sizes, limits, positions, durations, rates. */
const AMOUNT =
  /(^|_)(price|amount|cost|quantity|count|total|age|size|limit|remaining|position|bitrate|duration|width|height|participants)$/;
const PERCENT = /(^|_)(percent|percentage|pct)$/;

/**
 * What a field's name says it holds, and the shape such a value has: written here, apart from
 * the fixtures' field rules, so that the figure measures them rather than repeats them.
 */
const FIELD_SHAPES: ReadonlyArray<{ rule: string; name: RegExp; fits: (value: unknown) => boolean }> = [
  {
    rule: "e-mail",
    name: /(^|_)e_?mail(_address)?$/,
    fits: (v) => typeof v === "string" && /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(v),
  },
  {
    rule: "url",
    name: /(^|_)(url|uri|href|website|homepage)$/,
    fits: (v) => typeof v === "string" && /^([a-z][a-z0-9+.-]*:\/\/\S+|\/\S*)$/i.test(v),
  },
  {
    rule: "date",
    name: /(^|_)(created|updated|deleted|modified|published|started|ended|expires|closed)(_(at|on|date|time))?$/,
    fits: (v) => (typeof v === "string" && /^\d{4}-\d{2}-\d{2}/.test(v)) || (typeof v === "number" && v >= 0),
  },
  {
    rule: "phone",
    name: /(^|_)(phone|phone_number|mobile|telephone)$/,
    fits: (v) => typeof v === "string" && /^\+?[\d\s().-]{6,}$/.test(v),
  },
  {
    rule: "uuid",
    name: /(^|_)(uuid|guid)$/,
    fits: (v) => typeof v === "string" && /^[0-9a-f]{8}(-?[0-9a-f]{4}){3}-?[0-9a-f]{12}$/i.test(v),
  },
  {
    rule: "country",
    name: /(^|_)country(_code)?$/,
    fits: (v) => typeof v === "string" && /^([A-Z]{2,3}|[A-Z][a-z]+( [A-Za-z]+)*)$/.test(v),
  },
  { rule: "currency", name: /(^|_)currency(_code)?$/, fits: (v) => typeof v === "string" && /^[A-Z]{3}$/i.test(v) },
  {
    rule: "language",
    name: /(^|_)(language|locale|lang)$/,
    fits: (v) => typeof v === "string" && /^[a-z]{2,3}([-_][A-Za-z]{2,4})?$/i.test(v),
  },
  {
    rule: "quantity",
    name: AMOUNT,
    fits: (v) => (typeof v === "number" && v >= 0) || (typeof v === "string" && /^\d+(\.\d+)?$/.test(v)),
  },
  {
    rule: "percent",
    name: PERCENT,
    fits: (v) => (typeof v === "number" && v >= 0 && v <= 100) || (typeof v === "string" && /^\d+(\.\d+)?$/.test(v)),
  },
];

/** Names of identifiers: `id`, `customer_id`, `customerId`, `user_ids`. */
const ID_NAME = /(^|_)ids?$/;

/**
 * The shape an identifier's text has, its prefix's letters aside: a UUID, or `word_`/`word-`
 * (or nothing), then one class of characters and how many. Undefined for other text.
 *
 * @example
 * idSkeleton("cus_NffrFeUfNV2Hib"); // "word_ mixed 14"
 */
export function idSkeleton(value: unknown): string | undefined {
  const text = typeof value === "number" && Number.isSafeInteger(value) && value >= 0 ? String(value) : value;
  if (typeof text !== "string") return undefined;
  if (/^[\da-f]{8}-[\da-f]{4}-[\da-f]{4}-[\da-f]{4}-[\da-f]{12}$/i.test(text)) return "uuid";
  const parts = /^(?:[a-z]+([_-]))?([a-z\d]+)$/i.exec(text);
  if (parts === null) return undefined;
  const [, separator, rest = ""] = parts;
  const kinds: Array<[string, RegExp]> = [
    ["digits", /^\d+$/],
    ["hex", /^[\da-f]{16,}$/],
    ["lower", /^[a-z\d]+$/],
    ["upper", /^[A-Z\d]+$/],
  ];
  const kind = kinds.find(([, test]) => test.test(rest))?.[0] ?? "mixed";
  // Whole numbers vary in length (10, 198772): their class is their shape.
  return `${separator === undefined ? "" : `word${separator} `}${kind}${kind === "digits" ? "" : ` ${rest.length}`}`;
}

/** The shapes of every identifier example the contract gives, anywhere (see {@link idSkeleton}). */
function contractIdShapes(contract: ContractSchemas): Set<string> {
  const shapes = new Set<string>();
  const stack: unknown[] = [contract];
  while (stack.length > 0) {
    const node = stack.pop();
    if (Array.isArray(node)) stack.push(...(node as unknown[]));
    else if (record(node)) {
      // A schema's properties, and an operation's parameters (`{ name, in, schema }`).
      const named = Object.entries(record(node.properties) ? node.properties : {});
      if (typeof node.name === "string" && typeof node.in === "string") named.push([node.name, node.schema]);
      for (const [name, property] of named) {
        if (!ID_NAME.test(snake(name)) || !record(property) || !Array.isArray(property.examples)) continue;
        for (const example of property.examples as unknown[]) {
          const shape = idSkeleton(example);
          if (shape !== undefined) shapes.add(shape);
        }
      }
      stack.push(...Object.values(node).filter((value) => typeof value === "object"));
    }
  }
  return shapes;
}

/** Stands for "any negative number" among a field's own values (no JSON value reads so). */
const NEGATIVE = "<negative>";

/**
 * Every value the contract's own examples give a field (`snake_name` and the value's JSON):
 * in a media type's or a schema's examples, at any depth, a property's own examples, and the
 * values a property's schema lists (`enum`, `const`: OpenAI's `batch_size` of `"auto"`). A
 * value that does not fit its field but is one of these is the contract's word, not the
 * fixtures': it is counted apart.
 */
function contractValues(contract: ContractSchemas): Set<string> {
  const values = new Set<string>();
  const add = (name: string, value: unknown) => {
    if (typeof value === "string" || typeof value === "number") values.add(`${snake(name)}\n${JSON.stringify(value)}`);
    // A field the contract's own examples give below zero may be negative (a balance, a debit).
    if (typeof value === "number" && value < 0) values.add(`${snake(name)}\n${NEGATIVE}`);
  };
  const inExample = (value: unknown, name: string, depth: number): void => {
    if (depth > MAX_DEPTH) return;
    if (Array.isArray(value)) value.forEach((item) => inExample(item, name, depth + 1));
    else if (record(value)) Object.entries(value).forEach(([key, item]) => inExample(item, key, depth + 1));
    else add(name, value);
  };
  const known = new Map<object, unknown[]>();
  const stack: unknown[] = [contract];
  while (stack.length > 0) {
    const node = stack.pop();
    if (Array.isArray(node)) stack.push(...(node as unknown[]));
    else if (record(node)) {
      if (Array.isArray(node.examples)) inExample(node.examples, "", 0);
      for (const [name, property] of Object.entries(record(node.properties) ? node.properties : {})) {
        if (record(property) && Array.isArray(property.examples)) inExample(property.examples, name, 0);
        for (const value of listedValues(contract, property, 0, known)) add(name, value);
      }
      stack.push(...Object.values(node).filter((value) => typeof value === "object"));
    }
  }
  return values;
}

/** The values a schema lists (`enum`, `const`), through its references and branches: the only ones it allows. */
function listedValues(
  contract: ContractSchemas,
  schema: unknown,
  depth: number,
  known = new Map<object, unknown[]>(),
): unknown[] {
  if (!record(schema) || depth > MAX_DEPTH) return [];
  const found = known.get(schema);
  if (found !== undefined) return found;
  const listed: unknown[] = [
    ...(Array.isArray(schema.enum) ? (schema.enum as unknown[]) : []),
    ...("const" in schema ? [schema.const] : []),
  ];
  known.set(schema, listed);
  if (typeof schema.$ref === "string" && schema.$ref.startsWith("#/"))
    listed.push(...listedValues(contract, valueAt(contract, schema.$ref), depth + 1, known));
  for (const keyword of ["anyOf", "oneOf", "allOf"])
    if (Array.isArray(schema[keyword]))
      for (const branch of schema[keyword] as unknown[])
        listed.push(...listedValues(contract, branch, depth + 1, known));
  return listed;
}

/** A string id property the contract leaves open: no example, format, pattern or listed values. */
const silentId = (name: string, property: unknown) =>
  ID_NAME.test(snake(name)) &&
  record(property) &&
  ["examples", "format", "pattern", "enum", "const", "$ref"].every((keyword) => property[keyword] === undefined);

const snake = (name: string) =>
  name
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .replace(/[^A-Za-z0-9]+/g, "_")
    .toLowerCase();

/**
 * Whether a text is lorem ipsum: every word faker's Latin, at least one longer than three
 * letters and not English.
 *
 * @example
 * isLorem("Ater templum trans tamdiu adamo vir fugit."); // true
 */
export function isLorem(text: string): boolean {
  const words = text.toLowerCase().match(/[a-z]+/g) ?? [];
  return (
    words.length > 0 &&
    words.every((word) => LOREM.has(word)) &&
    words.some((word) => word.length > 3 && !ENGLISH.has(word))
  );
}

const record = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

export interface MockDataFigures {
  /** Default answers read (GET, JSON 200). */
  answers: number;
  /** Of them, the response's own media-type example. */
  mediaExamples: number;
  /** Objects or lists that are their schema's own example. */
  wholeExamples: number;
  /** Properties with an example that the answer leaves out (another branch's). */
  absent: number;
  /** Properties with a valid example, and how many hold the first of them. */
  sites: number;
  honoured: number;
  strings: number;
  /** Strings that fell back to lorem, in free-text fields and elsewhere. */
  loremFree: number;
  loremElsewhere: number;
  /** Values whose field's name says their shape, and how many have it. */
  shaped: number;
  fitting: number;
  /** Values that do not fit their field but are what the contract's own examples or listed values give it (in neither figure). */
  contractsOwn: number;
  ownPlaces: string[];
  /** Numbers below zero in a field that counts, measures or is a percentage. */
  negative: number;
  /** Values that do not fit their field, counted by the rule that judged them (`quantity`, `url`, …). */
  unfitByRule: Record<string, number>;
  /** Every value that does not fit its field, with its rule and place (for `--misfits`). */
  misfits: Array<{ rule: string; place: string }>;
  /** String ids the contract says nothing of, in a contract that shows its ids, and how many take their shape. */
  ids: number;
  idsShaped: number;
  /** The first places of each kind, for a report. */
  missed: string[];
  loremPlaces: string[];
  unfit: string[];
  idsUnshaped: string[];
  /** The first shapes of the contract's id examples. */
  idShapes: string[];
}

/**
 * The figures of one contract's default answers (see the module's comment).
 *
 * @example
 * const figures = mockDataFigures(manifest, contract, createFixtures(manifest, contract));
 * figures.honoured / figures.sites; // the share of property examples honoured
 */
export function mockDataFigures(manifest: Manifest, contract: ContractSchemas, fixtures: Fixtures): MockDataFigures {
  const { validator } = fixtures;
  const totals: MockDataFigures = {
    answers: 0,
    mediaExamples: 0,
    wholeExamples: 0,
    absent: 0,
    sites: 0,
    honoured: 0,
    strings: 0,
    loremFree: 0,
    loremElsewhere: 0,
    shaped: 0,
    fitting: 0,
    contractsOwn: 0,
    ownPlaces: [],
    negative: 0,
    unfitByRule: {},
    misfits: [],
    ids: 0,
    idsShaped: 0,
    missed: [],
    loremPlaces: [],
    unfit: [],
    idsUnshaped: [],
    idShapes: [],
  };
  const idShapes = contractIdShapes(contract);
  const ownValues = contractValues(contract);
  totals.idShapes = [...idShapes].slice(0, LISTED);

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

  function countValues(value: unknown, name: string, place: string): void {
    const field = snake(name);
    const shape = FIELD_SHAPES.find((candidate) => candidate.name.test(field));
    if (shape && (typeof value === "string" || typeof value === "number")) {
      if (shape.fits(value)) {
        totals.shaped++;
        totals.fitting++;
      } else if (
        ownValues.has(`${field}\n${JSON.stringify(value)}`) ||
        (typeof value === "number" && value < 0 && ownValues.has(`${field}\n${NEGATIVE}`))
      ) {
        totals.contractsOwn++;
        if (totals.ownPlaces.length < LISTED) totals.ownPlaces.push(`${place}: ${JSON.stringify(value).slice(0, 60)}`);
      } else {
        totals.shaped++;
        if (typeof value === "number" && value < 0 && (AMOUNT.test(field) || PERCENT.test(field))) totals.negative++;
        const line = `${place}: ${JSON.stringify(value).slice(0, 60)}`;
        totals.unfitByRule[shape.rule] = (totals.unfitByRule[shape.rule] ?? 0) + 1;
        totals.misfits.push({ rule: shape.rule, place: line });
        if (totals.unfit.length < LISTED) totals.unfit.push(line);
      }
    }
    if (typeof value === "string") {
      totals.strings++;
      // An identifier is no prose: `audio_912` is the contract's shape, whatever Latin its prefix reads.
      if (!ID_NAME.test(field) && isLorem(value)) {
        if (FREE_TEXT.test(field)) totals.loremFree++;
        else {
          totals.loremElsewhere++;
          if (totals.loremPlaces.length < LISTED)
            totals.loremPlaces.push(`${place}: ${JSON.stringify(value).slice(0, 60)}`);
        }
      }
    } else if (Array.isArray(value)) value.forEach((item, index) => countValues(item, name, `${place}/${index}`));
    else if (record(value)) Object.entries(value).forEach(([key, item]) => countValues(item, key, `${place}/${key}`));
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
          else if (totals.missed.length < LISTED)
            totals.missed.push(
              `${place}/${name}: ${JSON.stringify(value[name])?.slice(0, 60)} ≠ ${JSON.stringify(example).slice(0, 60)}`,
            );
        }
        const id = value[name];
        if (idShapes.size > 0 && typeof id === "string" && !leftOut.has(name) && silentId(name, property)) {
          totals.ids++;
          if (idShapes.has(idSkeleton(id) ?? "")) totals.idsShaped++;
          else if (totals.idsUnshaped.length < LISTED)
            totals.idsUnshaped.push(`${place}/${name}: ${JSON.stringify(id).slice(0, 60)}`);
        }
        if (Object.hasOwn(value, name)) walk(value[name], at, depth + 1, leftOut, `${place}/${name}`);
      }
    }
  }

  for (const operation of manifest.operations) {
    if (operation.method.toLowerCase() !== "get") continue;
    // A GET's answer: its 200, else its `2XX` (Microsoft Graph declares only ranges).
    const responses = contract.operations[operation.operationId]?.responses ?? {};
    const status = ["200", "2XX"].find((key) => Object.hasOwn(responses, key));
    if (status === undefined) continue;
    const content = responses[status]?.content ?? {};
    const mediaType = preferredMediaType(Object.keys(content));
    const media = mediaType === undefined ? undefined : content[mediaType];
    if (mediaType === undefined || media?.schema === undefined || !isJsonMediaType(mediaType)) continue;
    const pointer = `#/operations/${escapeSegment(operation.operationId)}/responses/${status}/content/${escapeSegment(mediaType)}/schema`;
    let value: unknown;
    try {
      value = fixtures.fixture(operation.operationId as never, status as never);
    } catch {
      continue;
    }
    totals.answers++;
    countValues(value, "", operation.operationId);
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
  return totals;
}

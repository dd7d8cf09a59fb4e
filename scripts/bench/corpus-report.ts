/**
 * What `npm run bench:corpus` says: each contract's outcome read into classes of failure
 * (one line per class, with how many contracts and an example), whose defect each class is
 * (the contract's own, when it breaks the OpenAPI specification in a way no generator can read
 * past; else the part of ours it shows in: generation, the fixtures, the hooks' types), and the
 * data's realism over every contract that generated.
 */
import type { CorpusResult } from "./corpus-worker.ts";

/** One contract: what its thread answered (or why it did not), and the type-check's errors. */
export type Outcome = { file: string; failure: string } | { file: string; result: CorpusResult; typeErrors?: string[] };

/** Whose defect a class of failure is: the contract's own, or the part of ours it shows in. */
export type Owner =
  | "the contract's own"
  | "ours: generation"
  | "ours: the fixtures"
  | "ours: the gallery's exchange"
  | "ours: the hooks' types";

/** A class of failure and whose defect it is. */
export interface Failure {
  class: string;
  owner: Owner;
  example: string;
}

/**
 * Refusals that name a defect of the contract itself: what the OpenAPI specification forbids
 * (a `$ref` to nothing, a structure no version defines), what cannot be read, and what is
 * unsafe. A repeated `operationId` refuses nothing: it generates with a warning.
 */
const CONTRACT_DEFECTS = new Set(["struct", "no-unresolved-refs", "syntax", "limits", "ref-outside"]);

/** A failure's message without its values (names, numbers, quoted text): what stays is its class. */
function shape(text: string): string {
  return text
    .replace(/\bhttps?:\/\/\S+/g, "…")
    .replace(/"(?:[^"\\]|\\.)*"/g, "…")
    .replace(/`[^`]*`/g, "…")
    .replace(/\[[^\]]*\]/g, "[…]")
    .replace(/\b\d+(\.\d+)?\b/g, "N")
    .slice(0, 120);
}

/** The class of a gallery story's failed exchange (./corpus-gallery.ts): what happened, without the names. */
function exchangeClass(failure: string): string {
  // After the story's name: an operationId (which may hold spaces, `Get ratings`) and a status.
  const what = failure.replace(/^.*? (?:[1-5](?:\d\d|XX)|default): /, "");
  if (what.startsWith("answered by another operation"))
    return "a gallery story is answered by another operation, and checked against its schemas";
  if (what.startsWith("no handler")) return "no handler of the contract answers a gallery story's request";
  const failed = /^the call failed: (.*)$/s.exec(what);
  if (failed) return `a gallery story's call fails: ${shape(failed[1] ?? "")}`;
  // A violation: `<operationId> → <status> <place> at <pointer>: expected …, got …`.
  const place =
    /^\S+(?: → \S+)? (request body|response body|[a-z]+ parameter|[a-z ]+?)(?: at \S+)?: (expected .*?)(?:, got .*)?$/s.exec(
      what,
    );
  return place
    ? `a gallery story's exchange breaks the contract: ${place[1] ?? ""}: ${shape(place[2] ?? "")}`
    : `a gallery story's exchange: ${shape(what)}`;
}

/**
 * The classes of failure of one contract (none: it passed).
 *
 * @example
 * classify({ file: "a.json", failure: "timed out (over 300 s)" }).failures[0]?.class; // "timed out (over 300 s)"
 */
export function classify(outcome: Outcome): { file: string; failures: Failure[] } {
  const { file } = outcome;
  if ("failure" in outcome) {
    const first = outcome.failure.split("\n")[0] ?? "";
    const owner: Owner = /^timed out generating|^crashed|^out of memory/.test(first)
      ? "ours: generation"
      : "ours: the fixtures";
    return { file, failures: [{ class: shape(first), owner, example: outcome.failure.slice(0, 400) }] };
  }
  const { result, typeErrors = [] } = outcome;
  if (result.refused !== undefined) {
    const { rule, message } = result.refused;
    return {
      file,
      failures: [
        {
          class: `refused by npm run api [${rule}]`,
          owner: CONTRACT_DEFECTS.has(rule) ? "the contract's own" : "ours: generation",
          example: message.slice(0, 400),
        },
      ],
    };
  }
  const failures = new Map<string, Failure>();
  for (const failure of result.fixtureFailures) {
    const threw = / threw: (.*)$/s.exec(failure);
    const expected = /: (expected .*)$/s.exec(failure);
    const name = threw
      ? `a default fixture threw: ${shape(threw[1] ?? "")}`
      : `a default fixture breaks its schema: ${shape((expected?.[1] ?? failure).replace(/, got .*$/s, ""))}`;
    if (!failures.has(name))
      failures.set(name, { class: name, owner: "ours: the fixtures", example: failure.slice(0, 400) });
  }
  // A result of a run before the gallery's exchanges were checked (`--resume`) has none.
  for (const failure of result.exchangeFailures ?? []) {
    const name = exchangeClass(failure);
    if (!failures.has(name))
      failures.set(name, { class: name, owner: "ours: the gallery's exchange", example: failure.slice(0, 400) });
  }
  for (const error of typeErrors) {
    const code = / error (TS\d+):/.exec(error)?.[1] ?? "TS?";
    const name = `the user's code does not type-check: ${code}`;
    if (!failures.has(name))
      failures.set(name, { class: name, owner: "ours: the hooks' types", example: error.slice(0, 400) });
  }
  return { file, failures: [...failures.values()] };
}

const share = (part: number, whole: number) => (whole === 0 ? "n/a" : `${((100 * part) / whole).toFixed(1)} %`);

/**
 * The report's text (one line per class of failure, most frequent first) and its JSON.
 *
 * @example
 * console.log(summarise(outcomes.map(classify), { directory: 2639, seed: 1, seconds }).text);
 */
export function summarise(
  classified: Array<{ file: string; failures: Failure[] }>,
  run: { directory: number; seed: number; sample?: number | undefined; seconds: Record<string, number> },
  results: CorpusResult[] = [],
) {
  const passed = classified.filter((contract) => contract.failures.length === 0).length;
  const classes = new Map<string, { owner: Failure["owner"]; contracts: string[]; example: string }>();
  for (const { file, failures } of classified) {
    for (const failure of failures) {
      const entry = classes.get(failure.class) ?? {
        owner: failure.owner,
        contracts: [],
        example: `${file}: ${failure.example}`,
      };
      entry.contracts.push(file);
      classes.set(failure.class, entry);
    }
  }
  const sorted = [...classes].sort((a, b) => b[1].contracts.length - a[1].contracts.length);
  const sum = (pick: (result: CorpusResult) => number) => results.reduce((total, result) => total + pick(result), 0);
  const figures = {
    operations: sum((result) => result.operations),
    pairs: sum((result) => result.pairs),
    unsatisfiable: sum((result) => result.unsatisfiable),
    // A result of a run before the gallery's exchanges were checked (`--resume`) has none.
    stories: sum((result) => result.stories ?? 0),
    unsendable: sum((result) => result.unsendable ?? 0),
    gallerySeconds: sum((result) => result.seconds.gallery ?? 0),
    answers: sum((result) => result.figures?.answers ?? 0),
    sites: sum((result) => result.figures?.sites ?? 0),
    honoured: sum((result) => result.figures?.honoured ?? 0),
    strings: sum((result) => result.figures?.strings ?? 0),
    loremFree: sum((result) => result.figures?.loremFree ?? 0),
    loremElsewhere: sum((result) => result.figures?.loremElsewhere ?? 0),
    shaped: sum((result) => result.figures?.shaped ?? 0),
    fitting: sum((result) => result.figures?.fitting ?? 0),
    negative: sum((result) => result.figures?.negative ?? 0),
    contractsOwn: sum((result) => result.figures?.contractsOwn ?? 0),
  };
  // A result of a run before misfits were counted by rule (`--resume`) has none.
  const unfitByRule: Record<string, number> = {};
  for (const result of results)
    for (const [rule, count] of Object.entries(result.figures?.unfitByRule ?? {}))
      unfitByRule[rule] = (unfitByRule[rule] ?? 0) + count;
  const warnings: Record<string, number> = {};
  for (const result of results)
    for (const [rule, count] of Object.entries(result.warnings))
      if (count > 0) warnings[rule] = (warnings[rule] ?? 0) + 1;
  const seconds = Object.entries(run.seconds)
    .map(([name, value]) => `${name} ${value.toFixed(0)} s`)
    .join(", ");
  const text = [
    `bench:corpus: ${passed} of ${classified.length} contracts pass (${share(passed, classified.length)})` +
      `${run.sample === undefined ? ", the whole directory" : `, a sample of ${run.sample} (seed ${run.seed}) of ${run.directory}`}; ${seconds}`,
    `  ${figures.operations.toLocaleString("en")} operations, ${figures.pairs.toLocaleString("en")} operation × status pairs, ${figures.unsatisfiable} proven unsatisfiable`,
    `  gallery: ${figures.stories.toLocaleString("en")} stories, each one's exchange checked (sample request, matched, answered, both checked) but ${figures.unsendable.toLocaleString("en")} shown as unsendable (the contract's own defect, nothing sent), in ${figures.gallerySeconds.toFixed(0)} s of the threads`,
    ...(sorted.length > 0 ? ["  failures, by class (contracts; whose defect; an example):"] : []),
    ...sorted.map(
      ([name, { owner, contracts, example }]) =>
        `  ${String(contracts.length).padStart(5)} × ${name} [${owner}]\n          e.g. ${example.split("\n")[0]}`,
    ),
    `  realism: property examples honoured ${figures.honoured} of ${figures.sites} (${share(figures.honoured, figures.sites)});` +
      ` lorem ${figures.loremElsewhere} outside free text, ${figures.loremFree} in free text, of ${figures.strings.toLocaleString("en")} strings;` +
      ` values that fit their field ${figures.fitting} of ${figures.shaped} (${share(figures.fitting, figures.shaped)}),` +
      ` ${figures.negative} negative quantities, ${figures.contractsOwn} more the contract's own examples or listed values (counted apart)` +
      (Object.keys(unfitByRule).length === 0
        ? ""
        : `; misfits by rule: ${Object.entries(unfitByRule)
            .sort((a, b) => b[1] - a[1])
            .map(([rule, count]) => `${rule} ${count}`)
            .join(", ")}`),
    `  contracts with located warnings, by rule: ${Object.entries(warnings)
      .sort((a, b) => b[1] - a[1])
      .map(([rule, count]) => `${rule} ${count}`)
      .join(", ")}`,
  ].join("\n");
  return {
    text,
    json: {
      run,
      passed,
      contracts: classified.length,
      classes: Object.fromEntries(sorted.map(([name, entry]) => [name, { ...entry, count: entry.contracts.length }])),
      figures: { ...figures, unfitByRule },
      warnings,
    },
  };
}

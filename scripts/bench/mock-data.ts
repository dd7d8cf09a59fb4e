/**
 * `npm run bench:mock-data -- <document> [--misfits]`: whether the default answers look like the
 * contract's own data (what is measured: ./mock-data-figures.ts). The document is generated
 * in memory (never copied into openapi/). `--misfits` lists every value that does not fit its
 * field, grouped by the rule that judged it.
 */
import { relative, resolve } from "node:path";
import type { ContractSchemas } from "@contract-workbench/workbench/contract";
import type { Manifest } from "@contract-workbench/runtime/manifest";
import { createFixtures } from "@contract-workbench/workbench/fixtures";
import { generate } from "@contract-workbench/workbench/codegen";
import { documentArguments } from "./arguments.ts";
import { mockDataFigures } from "./mock-data-figures.ts";

const root = resolve(import.meta.dirname, "../..");
const listMisfits = process.argv.includes("--misfits");
if (listMisfits) process.argv.splice(process.argv.indexOf("--misfits"), 1);
const { document } = documentArguments("bench:mock-data", "[--misfits]", 0);

const { outputs } = await generate(root, { contract: relative(root, document), outDir: "bench" });
const manifest = JSON.parse(outputs.get("bench/manifest.json") ?? "") as Manifest;
const contract = JSON.parse(outputs.get("bench/contract.json") ?? "") as ContractSchemas;
const totals = mockDataFigures(manifest, contract, createFixtures(manifest, contract));

const share = (part: number, whole: number) => (whole === 0 ? "n/a" : `${((100 * part) / whole).toFixed(0)} %`);
console.log(
  [
    `bench:mock-data: ${relative(process.cwd(), document)}: ${totals.answers} default answers (GET, JSON 200), ${totals.mediaExamples} of them the response's own example`,
    `  property examples honoured in the first item: ${totals.honoured} of ${totals.sites} (${share(totals.honoured, totals.sites)})` +
      `; ${totals.wholeExamples} objects or lists are their schema's own example; ${totals.absent} properties with examples absent (another branch)`,
    `  strings that fell back to lorem: ${totals.loremElsewhere} outside free-text fields, ${totals.loremFree} in free text, of ${totals.strings} strings`,
    `  values that fit their field (e-mail, URL, date, phone, country, currency, amount, …): ${totals.fitting} of ${totals.shaped} (${share(totals.fitting, totals.shaped)}); ${totals.negative} negative quantities` +
      (Object.keys(totals.unfitByRule).length === 0
        ? ""
        : `; misfits by rule: ${Object.entries(totals.unfitByRule)
            .map(([rule, count]) => `${rule} ${count}`)
            .join(", ")}`),
    `  values that do not fit their field but are the contract's own examples or listed values for it (counted apart): ${totals.contractsOwn}`,
    `  identifiers the contract leaves open, shaped like its own id examples (${totals.idShapes.join(", ") || "none"}): ${totals.idsShaped} of ${totals.ids} (${share(totals.idsShaped, totals.ids)})`,
    ...(totals.missed.length > 0
      ? ["  first examples not honoured:", ...totals.missed.map((line) => `    ${line}`)]
      : []),
    ...(totals.loremPlaces.length > 0
      ? ["  first lorem outside free text:", ...totals.loremPlaces.map((line) => `    ${line}`)]
      : []),
    ...(listMisfits
      ? Object.keys(totals.unfitByRule).flatMap((rule) => [
          `  values that do not fit their field, rule ${rule}:`,
          ...totals.misfits.filter((misfit) => misfit.rule === rule).map((misfit) => `    ${misfit.place}`),
        ])
      : totals.unfit.length > 0
        ? ["  first values that do not fit their field:", ...totals.unfit.map((line) => `    ${line}`)]
        : []),
    ...(listMisfits && totals.ownPlaces.length > 0
      ? [
          "  first values that are the contract's own examples or listed values:",
          ...totals.ownPlaces.map((line) => `    ${line}`),
        ]
      : []),
    ...(totals.idsUnshaped.length > 0
      ? ["  first identifiers not in the contract's shape:", ...totals.idsUnshaped.map((line) => `    ${line}`)]
      : []),
  ].join("\n"),
);

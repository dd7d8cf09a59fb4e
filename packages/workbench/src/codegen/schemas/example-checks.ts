// Pure data in and out, so that it runs in a worker thread.
import type { Ajv2020 } from "ajv/dist/2020.js";
import { createContractAjv } from "../../contract/ajv.ts";
import { linearRegExp } from "../../contract/linear-regexp.ts";
import { valueAt } from "../../contract/pointer.ts";

/** A media type whose examples are checked: where it is in contract.json, and how many it has. */
export interface ExampleSite {
  /** The media type object's pointer in contract.json (`/operations/getPet/responses/200/content/application~1json`). */
  contract: string;
  count: number;
}

/** An example that breaks its schema: its media type (an index into the sites), its index, the first failure. */
export interface BrokenExample {
  site: number;
  index: number;
  at: string;
}

export interface ExamplesChecked {
  broken: BrokenExample[];
  checked: number;
  /** Examples left when the time allowed ran out. */
  unchecked: number;
}

const ROOT = "contract.json";

/** Ajv as the fixtures configure it (no backtracking pattern checked), holding `root` for contract.json's `$ref`s. */
function createAjv(root: object): Ajv2020 {
  const ajv = createContractAjv(
    linearRegExp(
      () => new Map(),
      () => undefined,
    ),
    // The first failure names a broken example; a referenced schema is compiled once, not inlined where used; each
    // example is validated once, so the optimiser's passes would cost more than they save.
    { allErrors: false, inlineRefs: false, optimize: false },
  );
  ajv.addSchema(root, ROOT);
  return ajv;
}

/** Checks every site's examples against the site's schema, until `budgetMs` has passed. */
export function findBrokenExamples(
  contract: unknown,
  sites: readonly ExampleSite[],
  budgetMs: number,
): ExamplesChecked {
  const broken: BrokenExample[] = [];
  const start = performance.now();
  let ajv: Ajv2020 | undefined;
  let checked = 0;
  let unchecked = 0;
  const schemas = sites.map((each) => valueAt(contract, `#${each.contract}/schema`));
  /** A schema's JSON → the first site that holds it, whose validator the later ones share. */
  const firstSite = new Map<string, number>();
  sites.forEach((site, index) => {
    if (performance.now() - start > budgetMs) {
      unchecked += site.count;
      return;
    }
    checked += site.count;
    // The validator indexes every node it is given: not the whole contract, whose examples are most of it.
    ajv ??= createAjv({
      $schema: valueAt(contract, "#/$schema"),
      components: valueAt(contract, "#/components"),
      sites: schemas,
    });
    // Sites often repeat a schema: one equal by value is compiled once, at its first site.
    const key = JSON.stringify(schemas[index]);
    const first = firstSite.get(key) ?? index;
    firstSite.set(key, first);
    let validate;
    try {
      validate = ajv.getSchema(`${ROOT}#/sites/${first}`);
    } catch {
      return; // a schema the validator cannot compile: the fixtures report it, located, when used
    }
    const examples = valueAt(contract, `#${site.contract}/examples`);
    if (validate === undefined || !Array.isArray(examples)) return;
    examples.forEach((example: unknown, position) => {
      if (validate(example)) return;
      const [error] = validate.errors ?? [];
      const at = error ? `${error.instancePath || "/"} ${error.message ?? ""}`.trim() : "";
      broken.push({ site: index, index: position, at });
    });
  });
  return { broken, checked, unchecked };
}

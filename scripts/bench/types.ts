/**
 * `npm run bench:types [-- <document>…]`: how long TypeScript 7 takes to type-check what a user
 * writes against each contract (one `useQuery`, one `useInfiniteQuery` on a list that pages, one
 * `useMutation`, as ./corpus-user-code.ts writes them), and how far it is from its limits: the
 * instantiations it made (TS2589 stops at depth, a far larger count means a deeper type), its
 * memory. By default GitHub's, OpenAI's and DigitalOcean's contracts from the shared specs
 * (`SHARED_SPECS`, else ../shared/specs); a folder is read from its `openapi.yaml`, or from the
 * one YAML file at its top that starts an OpenAPI document. Each is generated in memory into a scratch folder under .cache/.
 */
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { basename, extname, join, relative, resolve } from "node:path";
import type { Manifest } from "@contract-workbench/runtime/manifest";
import { generate } from "@contract-workbench/workbench/codegen";
import { makeScratchFolder } from "../../tooling/scratch-folder.ts";
import { SHARED_SPECS } from "../../tooling/shared-specs.ts";
import { typecheckFiles } from "../../tooling/typecheck-files.ts";
import { userCode } from "./corpus-user-code.ts";

const root = resolve(import.meta.dirname, "../..");
const given = process.argv.slice(2).map((document) => resolve(process.cwd(), document));
const documents =
  given.length > 0
    ? given
    : ["github-rest.json", "openai.yaml", "digitalocean"].map((name) => join(SHARED_SPECS, name)).filter(existsSync);
if (documents.length === 0 || documents.some((document) => !existsSync(document))) {
  console.error(
    `bench:types: usage: npm run bench:types [-- <openapi document or folder>…]; ${documents.find((document) => !existsSync(document)) ?? "no shared specs"}: not found.`,
  );
  process.exit(1);
}

/** The entry file of a folder: its openapi.yaml, else the one YAML file at its top that says `openapi:`. */
function entryOf(folder: string): string {
  const roots = readdirSync(folder).filter(
    (name) =>
      /\.ya?ml$/.test(name) &&
      statSync(join(folder, name)).isFile() &&
      /^openapi:/m.test(readFileSync(join(folder, name), "utf8").slice(0, 4096)),
  );
  const entry = roots.includes("openapi.yaml") ? "openapi.yaml" : roots.length === 1 ? roots[0] : undefined;
  if (entry === undefined) {
    console.error(
      `bench:types: ${folder}: no openapi.yaml, and not one YAML file at its top that starts an OpenAPI document.`,
    );
    process.exit(1);
  }
  return entry;
}

const DIAGNOSTICS = ["Instantiations", "Types", "Memory used", "Check time"] as const;

const scratch = makeScratchFolder(root, "bench-types-");
const rows: string[][] = [];
try {
  for (const [index, document] of documents.entries()) {
    const dir = join(scratch, `c${index}`);
    mkdirSync(dir);
    // The contract copied into the scratch folder, so that its `$ref`s stay inside it.
    const folder = statSync(document).isDirectory();
    cpSync(document, join(dir, "contract", folder ? "" : `openapi${extname(document)}`), { recursive: true });
    const entry = folder ? entryOf(document) : `openapi${extname(document)}`;
    const started = performance.now();
    const { outputs } = await generate(root, { contract: relative(root, join(dir, "contract", entry)), outDir: "out" });
    const generated = (performance.now() - started) / 1000;
    const manifest = JSON.parse(outputs.get("out/manifest.json") ?? "") as Manifest;
    const user = userCode(manifest);
    const name = basename(document);
    if (user === undefined) {
      rows.push([name, String(manifest.operations.length), generated.toFixed(1), "no operation to call"]);
      continue;
    }
    writeFileSync(join(dir, "schema.d.ts"), outputs.get("out/schema.d.ts") ?? "");
    writeFileSync(join(dir, "user.ts"), user.text);
    const {
      diagnostics: errors,
      output,
      seconds: wall,
    } = typecheckFiles(root, dir, ["user.ts"], ["--extendedDiagnostics"]);
    const figure = (label: string) => new RegExp(`^${label}:\\s+(.*)$`, "m").exec(output)?.[1]?.trim() ?? "n/a";
    rows.push([
      name,
      String(manifest.operations.length),
      generated.toFixed(1),
      wall.toFixed(1),
      ...DIAGNOSTICS.map(figure),
      [user.calls.query, user.calls.infinite, user.calls.mutation].filter(Boolean).join("; "),
      errors.length === 0 ? "none" : errors.map((line) => line.replace(`${dir}/`, "")).join(" | "),
    ]);
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

const header = [
  "contract",
  "operations",
  "generate s",
  "tsc wall s",
  ...DIAGNOSTICS.map((label) => label.toLowerCase()),
  "calls",
  "errors",
];
console.log(`bench:types: TypeScript 7 on what a user writes against each contract\n${header.join("\t")}`);
for (const row of rows) console.log(row.join("\t"));

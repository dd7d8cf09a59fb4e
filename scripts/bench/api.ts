/**
 * `npm run bench:api -- <document> [runs]`: the two regeneration figures side by side in one run.
 * A changed contract: `npm run api` after an edit of the document (its `info.version`), against
 * bare openapi-typescript on the same document, alternating, with medians, the ratio and peak
 * memory, and `npm run api --force` (every registered contract generated) beside them. An
 * unchanged contract: `npm run api` again with nothing changed (its stamps skip every contract).
 * Then the type check of a file that calls one operation through the client.
 *
 * The document is copied into a scratch project under .cache/ (never into openapi/).
 */
import { readManifest } from "@contract-workbench/workbench/codegen";
import { copyFileSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { makeScratchFolder } from "../../tooling/scratch-folder.ts";
import { dirname, extname, join, resolve } from "node:path";
import registry from "../../contracts.config.ts";
import { contractList } from "@contract-workbench/workbench/contract";
import { measure, median, mib, worst, type Sample } from "./measure.ts";
import { WORKBENCH_BIN } from "../../tests/harness/scratch-copy.ts";

const root = resolve(import.meta.dirname, "../..");
const [documentArg, runsArg] = process.argv.slice(2);
if (!documentArg) {
  console.error("bench:api: usage: npm run bench:api -- <openapi document> [runs]");
  process.exit(1);
}
const document = resolve(process.cwd(), documentArg);
if (!existsSync(document)) {
  console.error(`bench:api: ${documentArg}: file not found.`);
  process.exit(1);
}
const runs = Number(runsArg ?? 5);

const scratch = makeScratchFolder(root, "bench-api-");
const bare = makeScratchFolder(root, "bench-bare-"); // no redocly.yaml here: openapi-typescript's defaults
try {
  for (const entry of ["scripts", "packages/workbench/src", "package.json", "contracts.config.ts", "tsconfig.json"]) {
    cpSync(join(root, entry), join(scratch, entry), { recursive: true });
  }
  mkdirSync(join(scratch, "openapi"));
  copyFileSync(document, join(scratch, "openapi", `openapi${extname(document) === ".json" ? ".json" : ".yaml"}`));
  // `npm run api` generates every registered contract too (the tests', the identity and analytics fixtures'):
  // each is copied with its folder, whatever it $refs there and the modules the registry imports from it.
  for (const { source } of contractList(registry).filter((contract) => contract.role !== "product")) {
    const folder = dirname(source);
    mkdirSync(join(scratch, folder), { recursive: true });
    for (const file of readdirSync(join(root, folder)).filter((name) => /\.(ya?ml|json|ts)$/.test(name))) {
      copyFileSync(join(root, folder, file), join(scratch, folder, file));
    }
  }

  const node = process.execPath;
  const cli = join(root, "node_modules/openapi-typescript/bin/cli.js");
  const copy = join(scratch, "openapi", `openapi${extname(document) === ".json" ? ".json" : ".yaml"}`);
  const text = readFileSync(copy, "utf8");
  // The first `version` is `info.version`: each run's edit changes what the manifest records.
  const edited = (run: number) =>
    text.replace(/("version"\s*:\s*"|^\s*version:\s*)[^"\n]*/m, (_, key: string) => `${key}bench-${run}`);
  // Every contract generated once, as a checkout that has run `npm run api` before.
  measure(scratch, node, [WORKBENCH_BIN, "api"]);
  const pipeline: Sample[] = [];
  const forced: Sample[] = [];
  const baseline: Sample[] = [];
  const unchanged: Sample[] = [];
  for (let i = 0; i < runs; i++) {
    writeFileSync(copy, edited(i));
    pipeline.push(measure(scratch, node, [WORKBENCH_BIN, "api"]));
    unchanged.push(measure(scratch, node, [WORKBENCH_BIN, "api"]));
    baseline.push(measure(bare, node, [cli, document, "-o", join(bare, "schema.d.ts")]));
    forced.push(measure(scratch, node, [WORKBENCH_BIN, "api", "--force"]));
  }

  // The type check of one call through the client, as a developer's editor does it.
  const manifest = readManifest(scratch);
  const operation =
    manifest.operations.find((op) => op.method === "get" && !op.parameters.some((p) => p.required)) ??
    manifest.operations.find((op) => op.method === "get");
  let typecheck: Sample | undefined;
  if (operation) {
    const params = operation.parameters.filter((p) => p.required && p.in === "path");
    const init = params.length ? `, { params: { path: { ${params.map((p) => `"${p.name}": "x"`).join(", ")} } } }` : "";
    writeFileSync(
      join(scratch, "src/probe.ts"),
      `import createClient from "openapi-fetch";\nimport type { paths } from "./api/schema";\n` +
        `const client = createClient<paths>({ baseUrl: "http://localhost" });\n` +
        `export const result = client.GET(${JSON.stringify(operation.path)}${init});\n`,
    );
    writeFileSync(
      join(scratch, "tsconfig.probe.json"),
      JSON.stringify({
        extends: "./tsconfig.json",
        compilerOptions: { types: [], paths: {} },
        include: ["src/probe.ts"],
        exclude: [],
      }),
    );
    typecheck = measure(scratch, node, [join(root, "node_modules/typescript/bin/tsc"), "-p", "tsconfig.probe.json"]);
  }

  const p = median(pipeline.map((s) => s.seconds));
  const f = median(forced.map((s) => s.seconds));
  const b = median(baseline.map((s) => s.seconds));
  const u = median(unchanged.map((s) => s.seconds));
  console.log(
    `document: ${documentArg} (${manifest.operations.length} operations, ${manifest.schemas.length} schemas)`,
  );
  console.log(`runs: ${runs}, alternating`);
  // Processor time beside the wall time: on a shared machine the load stretches the one, not the other.
  const cpu = (samples: Sample[]) => median(samples.map((s) => s.cpuSeconds ?? NaN));
  const row = (what: string, seconds: number, samples: Sample[]) =>
    console.log(
      `${what.padEnd(52)} median ${seconds.toFixed(2)} s (CPU ${cpu(samples).toFixed(2)} s)   peak ${mib(worst(samples.map((s) => s.peakMiB)))}`,
    );
  row("changed contract: npm run api", p, pipeline);
  row("bare openapi-typescript", b, baseline);
  row("changed contract: npm run api --force (every one)", f, forced);
  row("unchanged contract: npm run api", u, unchanged);
  console.log(
    `changed contract: ratio ${(p / b).toFixed(2)}× (target ≤ 1.0×), --force ${(f / b).toFixed(2)}×; CPU ${(cpu(pipeline) / cpu(baseline)).toFixed(2)}×`,
  );
  console.log(`unchanged contract: ${u.toFixed(2)} s, CPU ${cpu(unchanged).toFixed(2)} s (target < 1 s)`);
  if (typecheck && operation) {
    console.log(
      `tsc of one call (${operation.method.toUpperCase()} ${operation.path}): ${typecheck.seconds.toFixed(2)} s`,
    );
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
  rmSync(bare, { recursive: true, force: true });
}

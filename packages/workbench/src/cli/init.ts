// `init` adds the workbench to the app here: asks first (unless --yes), keeps its files (unless --force); idempotent.
import { createRequire } from "node:module";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { createInterface } from "node:readline/promises";
import { writeAllOrNothing } from "../codegen/atomic-write.ts";
import { declared, readAppPackage, refusal, type AppPackage } from "./init/app-checks.ts";
import { changesAnything, planInit, type InitPlan, type PlanOptions } from "./init/plan.ts";
import {
  STORYBOOK_DEV_DEPENDENCIES,
  storybookFiles,
  TEST_DEV_DEPENDENCIES,
  testFiles,
} from "./init/storybook-files.ts";

const NAME = "init";
const USAGE = "usage: contract-workbench init [--yes] [--force]";
const root = process.cwd();

function manifestOf(file: string): {
  version: string;
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
} {
  return JSON.parse(readFileSync(file, "utf8")) as ReturnType<typeof manifestOf>;
}

/** An exact version from a peer range ("^5.108.0" → "5.108.0"): the version this package was tested with. */
const exact = (range: string) => range.replace(/^[\^~]/, "");

/** What the app must declare for the runtime to ship in it: the runtime and its peers. */
function runtimeDependencies(): Record<string, string> {
  const workbench = manifestOf(join(import.meta.dirname, "..", "..", "package.json"));
  const runtimeEntry = createRequire(import.meta.url).resolve("@contract-workbench/runtime");
  let folder = dirname(runtimeEntry);
  while (!folder.endsWith(join("@contract-workbench", "runtime")) && !folder.endsWith(join("packages", "runtime")))
    folder = dirname(folder);
  const runtime = manifestOf(join(folder, "package.json"));
  const peers = Object.fromEntries(
    Object.entries(runtime.peerDependencies ?? {}).map(([name, range]) => [name, exact(range)]),
  );
  return {
    "@contract-workbench/runtime": workbench.dependencies?.["@contract-workbench/runtime"] ?? runtime.version,
    ...peers,
  };
}

const PRESET = "@contract-workbench/workbench/storybook";

/** Storybook's setup where the app has none; else only the binding (init does not rewrite the team's config). */
function storybookOptions(pkg: AppPackage): { options: PlanOptions; advice?: string } {
  const files = storybookFiles();
  if (declared(pkg, "storybook") === undefined && !existsSync(join(root, ".storybook"))) {
    return {
      options: {
        extraFiles: { ...files, ...testFiles() },
        devDependencies: { ...STORYBOOK_DEV_DEPENDENCIES, ...TEST_DEV_DEPENDENCIES },
        scripts: {
          storybook: "storybook dev -p 6006",
          "build-storybook": "storybook build",
          // The app's suite: check, its stories and the gallery in Chromium, coverage.
          test: "contract-workbench test",
        },
      },
    };
  }
  const binding = Object.fromEntries(Object.entries(files).filter(([path]) => path.endsWith("/product.ts")));
  const main = [".storybook/main.ts", ".storybook/main.js"].map((file) => join(root, file)).find(existsSync);
  const listed = main !== undefined && readFileSync(main, "utf8").includes(PRESET);
  return {
    options: { extraFiles: binding, devDependencies: { msw: STORYBOOK_DEV_DEPENDENCIES.msw ?? "3.0.5" } },
    advice: listed
      ? undefined
      : `add "${PRESET}" to \`addons\` in .storybook/main.ts for the gallery and the Contract pages.`,
  };
}

/** The plan as the lines init prints before it writes. */
function describe(plan: InitPlan): string[] {
  const lines = plan.files.map((file) =>
    file.action === "keep" ? `  keep       ${file.path} (${file.reason})` : `  ${file.action.padEnd(10)} ${file.path}`,
  );
  for (const line of plan.packageJson.lines) lines.push(`  package.json ${line}`);
  return lines;
}

/** Asks in a terminal; yes without one (CI, a pipe) or with --yes. */
async function confirmed(yes: boolean): Promise<boolean> {
  if (yes || !process.stdin.isTTY) return true;
  const terminal = createInterface({ input: process.stdin, output: process.stdout });
  const answer = await terminal.question(`${NAME}: apply these changes? [y/N] `);
  terminal.close();
  return /^y(es)?$/i.test(answer.trim());
}

/** Says on standard error why init stops; its exit code. */
function stop(message: string): number {
  console.error(`${NAME}: ${message}`);
  return 1;
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const unknown = args.filter((arg) => !["--yes", "-y", "--force"].includes(arg));
  if (unknown.length > 0) return stop(`unknown option ${unknown.join(" ")}; ${USAGE}`);
  const pkg = readAppPackage(root);
  if (typeof pkg === "string") return stop(pkg);
  const refused = refusal(root, pkg);
  if (refused !== undefined) return stop(`${refused} Nothing was changed.`);
  const storybook = storybookOptions(pkg);
  const plan = planInit(root, pkg, {
    ...storybook.options,
    force: args.includes("--force"),
    dependencies: runtimeDependencies(),
  });
  const lines = describe(plan);
  if (!changesAnything(plan)) {
    for (const line of lines) console.log(line);
    console.log(`${NAME}: nothing to change; the workbench is set up in ${root}.`);
    if (storybook.advice) console.log(`${NAME}: ${storybook.advice}`);
    return 0;
  }
  console.log(`${NAME}: in ${root}:`);
  for (const line of lines) console.log(line);
  if (!(await confirmed(args.includes("--yes") || args.includes("-y")))) {
    console.log(`${NAME}: nothing was changed.`);
    return 1;
  }
  await writeAllOrNothing(new Map(writes(plan)));
  console.log(`${NAME}: done. Next: \`npm install\`, then \`npm run api\` to generate from openapi/openapi.yaml.`);
  if (storybook.advice) console.log(`${NAME}: ${storybook.advice}`);
  return 0;
}

/** Absolute path → text for every file the plan writes, package.json included. */
function writes(plan: InitPlan): Array<[string, string]> {
  const files: Array<[string, string]> = plan.files.flatMap((file) =>
    file.action === "keep" ? [] : [[join(root, file.path), file.text] as [string, string]],
  );
  if (plan.packageJson.next) {
    // In the indentation the app's package.json uses (two spaces when it says none).
    const indent = /^([ \t]+)"/m.exec(readFileSync(join(root, "package.json"), "utf8"))?.[1] ?? "  ";
    files.push([join(root, "package.json"), `${JSON.stringify(plan.packageJson.next, null, indent)}\n`]);
  }
  return files;
}

process.exitCode = await main().catch((error: unknown) =>
  stop(`unexpected failure: ${error instanceof Error ? error.message : String(error)}. Nothing was changed.`),
);

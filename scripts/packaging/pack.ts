// Each workspace package under packages/* as a tarball a team installs: its src/ compiled to
// JavaScript and declarations in a staging folder, packed there with npm (`npm run pack:packages`).
import { spawnSync } from "node:child_process";
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { createRequire } from "node:module";
import { basename, dirname, join, relative, resolve } from "node:path";
import {
  COMPILED,
  COMPILED_SOURCE,
  declarationsWithJsImports,
  DOCUMENTS,
  ManifestError,
  NOT_SHIPPED,
  type PackageManifest,
  stagedManifest,
} from "./manifest.ts";

/** Where the staging folders and tarballs go, under the repository's ignored `.cache/`. */
export const PACKED = join(".cache", "packages");

/**
 * The pages a package brings to an app's Storybook (its preset's `stories`) are named
 * `*.page.stories.tsx` or `*.page.mdx`, and ship: a story compiled like any source, an MDX page
 * copied with its relative imports naming the compiled files. Every other story and MDX file is
 * the repository's own (its internals, its test contracts) and stays out.
 */
export const SHIPPED_PAGE = /\.page\.(stories\.[cm]?[jt]sx?|mdx)$/;

/** Whether a file under a package's src/ goes into its tarball (compiled, or copied as it is). */
export function isShipped(file: string): boolean {
  if (SHIPPED_PAGE.test(file)) return true;
  return !NOT_SHIPPED.test(file) && !file.endsWith(".mdx") && !file.endsWith(".md");
}

/** An MDX page's relative imports of TypeScript sources, renamed to the compiled `.js` beside it. */
export function mdxWithJsImports(text: string): string {
  return text.replace(/(from\s+["']\.{1,2}\/[^"']*?)\.[cm]?tsx?(["'])/g, "$1.js$2");
}

/** Why a package could not be packed, in one line naming the file (and line) at fault. */
export class PackError extends Error {}

/** A workspace package: its folder relative to the root, and its package.json. */
export interface WorkspacePackage {
  dir: string;
  manifest: PackageManifest;
}

/** A packed package. */
export interface Packed {
  name: string;
  version: string;
  /** The staging folder the tarball was packed from (absolute). */
  folder: string;
  /** The tarball (absolute). */
  tarball: string;
  /** The tarball's size, and the size of what it holds, in bytes. */
  bytes: number;
  unpackedBytes: number;
  /** How many files it holds. */
  files: number;
}

const require = createRequire(import.meta.url);
/** TypeScript 7's compiler (the repository's `typecheck`), which also emits. */
const TSC = join(dirname(require.resolve("typescript7/package.json")), "bin", "tsc");

function readManifest(file: string, shown: string): PackageManifest {
  try {
    return JSON.parse(readFileSync(file, "utf8")) as PackageManifest;
  } catch (error) {
    throw new PackError(`${shown}: not valid JSON (${(error as Error).message})`);
  }
}

/** The workspace packages under `<root>/packages/*`, each after the workspace packages it depends on. */
export function workspacePackages(root: string): WorkspacePackage[] {
  const folder = join(root, "packages");
  const found = (existsSync(folder) ? readdirSync(folder, { withFileTypes: true }) : [])
    .filter((entry) => entry.isDirectory() && existsSync(join(folder, entry.name, "package.json")))
    .map((entry) => entry.name)
    .sort()
    .map((name) => {
      const dir = join("packages", name);
      return { dir, manifest: readManifest(join(root, dir, "package.json"), join(dir, "package.json")) };
    });
  const byName = new Map(found.map((pkg) => [pkg.manifest.name, pkg]));
  const ordered: WorkspacePackage[] = [];
  const visiting = new Set<WorkspacePackage>();
  const visit = (pkg: WorkspacePackage) => {
    if (ordered.includes(pkg)) return;
    if (visiting.has(pkg)) throw new PackError(`${pkg.dir}/package.json: its workspace dependencies form a cycle`);
    visiting.add(pkg);
    for (const dependency of workspaceDependencies(pkg.manifest)) {
      const other = byName.get(dependency);
      if (other) visit(other);
    }
    ordered.push(pkg);
  };
  found.forEach(visit);
  return ordered;
}

function workspaceDependencies(manifest: PackageManifest): string[] {
  return ["dependencies", "peerDependencies", "optionalDependencies"].flatMap((field) =>
    Object.keys((manifest[field] as Record<string, string> | undefined) ?? {}),
  );
}

/** Every file under `dir`, relative to it. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)));
}

/**
 * TypeScript's `paths` for the workspace packages already staged: each entry name to its
 * declarations there, so a package that imports another reads its published types, not its
 * sources (which would fall outside its own rootDir).
 */
function stagedPaths(staged: Map<string, { folder: string; manifest: PackageManifest }>): Record<string, string[]> {
  const paths: Record<string, string[]> = {};
  for (const [name, { folder, manifest }] of staged) {
    const exports = manifest.exports;
    const entries: Array<[string, unknown]> =
      typeof exports === "string" ||
      (exports && typeof exports === "object" && !Object.keys(exports)[0]?.startsWith("."))
        ? [[".", exports]]
        : Object.entries((exports as Record<string, unknown> | undefined) ?? {});
    for (const [key, value] of entries) {
      const types = typesOf(value);
      if (types) paths[key === "." ? name : `${name}/${key.slice(2)}`] = [join(folder, types)];
    }
  }
  return paths;
}

/** The first declaration file an `exports` value names. */
function typesOf(value: unknown): string | undefined {
  if (typeof value === "string") return /\.d\.[cm]?ts$/.test(value) ? value : undefined;
  if (value && typeof value === "object") {
    for (const inner of Object.values(value)) {
      const found = typesOf(inner);
      if (found) return found;
    }
  }
  return undefined;
}

/** The compiler's first error as `file:line:column: error TSnnnn: message`, and how many more it found. */
export function firstCompileError(output: string, cwd: string, root: string): string {
  const lines = output.split("\n").filter((line) => line.trim() !== "");
  const located = lines
    .map((line) => /^(.+?)\((\d+),(\d+)\): error (TS\d+): (.*)$/.exec(line))
    .filter((match) => match !== null);
  const errors = lines.filter((line) => /error TS\d+/.test(line)).length;
  const more = errors > 1 ? ` (and ${errors - 1} more)` : "";
  const first = located[0];
  if (first) {
    const [, file, line, column, code, message] = first;
    return `${relative(root, resolve(cwd, file!))}:${line}:${column}: error ${code}: ${message}${more}`;
  }
  return `${lines.find((line) => /error TS\d+/.test(line)) ?? lines[0] ?? "the compiler failed without a message"}${more}`;
}

/** Compiles a package's src/ (not its tests, nor stories other than its pages) into `<stage>/dist`, with the repository's compiler settings. */
function compile(root: string, pkg: WorkspacePackage, stage: string, paths: Record<string, string[]>): void {
  const src = join(root, pkg.dir, "src");
  const base = join(root, "tsconfig.json");
  const tsconfig = join(dirname(stage), "tsconfig.pack.json");
  const config = {
    ...(existsSync(base) ? { extends: base } : {}),
    compilerOptions: {
      noEmit: false,
      declaration: true,
      declarationMap: false,
      sourceMap: false,
      noEmitOnError: true,
      allowImportingTsExtensions: true,
      rewriteRelativeImportExtensions: true,
      jsx: "react-jsx",
      composite: false,
      incremental: false,
      rootDir: src,
      outDir: join(stage, COMPILED),
      // No `@/` into the app: a package compiles from its own files and its dependencies.
      paths,
    },
    include: [join(src, "**", "*")],
    exclude: filesUnder(src)
      .filter((file) => COMPILED_SOURCE.test(file) && !isShipped(file))
      .map((file) => join(src, file)),
  };
  writeFileSync(tsconfig, `${JSON.stringify(config, null, 2)}\n`);
  const tsc = spawnSync(process.execPath, [TSC, "-p", tsconfig, "--pretty", "false"], { cwd: root, encoding: "utf8" });
  if (tsc.error) throw new PackError(`${pkg.dir}: could not run the TypeScript compiler (${tsc.error.message})`);
  if (tsc.status !== 0) throw new PackError(firstCompileError(`${tsc.stdout}\n${tsc.stderr}`, root, root));
}

/** What src/ holds beside its TypeScript (styles, its MDX pages, a hand-written `.d.ts`), copied into dist/. */
function copyAssets(src: string, dist: string): void {
  for (const file of filesUnder(src)) {
    if (COMPILED_SOURCE.test(file) || !isShipped(file)) continue;
    mkdirSync(dirname(join(dist, file)), { recursive: true });
    if (file.endsWith(".mdx")) writeFileSync(join(dist, file), mdxWithJsImports(readFileSync(join(src, file), "utf8")));
    else copyFileSync(join(src, file), join(dist, file));
  }
}

/** Every path a staged manifest's entries name (patterns aside), to check that the compiler wrote it. */
function namedPaths(value: unknown): string[] {
  if (typeof value === "string") return value.startsWith("./") && !value.includes("*") ? [value.slice(2)] : [];
  if (value && typeof value === "object") return Object.values(value).flatMap(namedPaths);
  return [];
}

/** Packs a staging folder with npm into `into`; what `npm pack --json` said of it. */
function npmPack(pkg: WorkspacePackage, stage: string, into: string) {
  const npm = spawnSync(
    "npm",
    ["pack", stage, "--pack-destination", into, "--json", "--ignore-scripts", "--no-update-notifier"],
    { cwd: into, encoding: "utf8" },
  );
  const reason = npm.error?.message ?? npm.stderr.split("\n").find((line) => /ERR!|error/.test(line));
  if (npm.status !== 0) throw new PackError(`${pkg.dir}: npm pack failed: ${reason?.trim() ?? "no message"}`);
  const [report] = JSON.parse(npm.stdout) as Array<{
    filename: string;
    size: number;
    unpackedSize: number;
    entryCount: number;
  }>;
  if (!report) throw new PackError(`${pkg.dir}: npm pack reported no tarball`);
  return report;
}

/** Moves a finished folder into place, the previous one removed only once the new one is there. */
function replaceFolder(from: string, to: string, scratch: string): void {
  if (existsSync(to)) renameSync(to, join(scratch, "previous"));
  renameSync(from, to);
}

/**
 * Stages and packs one package into `out`: compiled in a temporary folder beside the outputs,
 * which are renamed into place only once the tarball exists, so a failure leaves the previous
 * staging folder and tarball as they were and nothing half-written.
 */
function packOne(
  root: string,
  pkg: WorkspacePackage,
  out: string,
  staged: Map<string, { folder: string; manifest: PackageManifest }>,
): Packed {
  const shown = join(pkg.dir, "package.json");
  const { name, version } = pkg.manifest;
  if (!name || !version) throw new PackError(`${shown}: a package needs a name and a version`);
  const documents = DOCUMENTS.filter((file) => existsSync(join(root, pkg.dir, file)));
  if (!documents.includes("README.md")) throw new PackError(`${pkg.dir}: a package needs a README.md`);
  let plan;
  try {
    plan = stagedManifest(pkg.manifest, shown, documents);
  } catch (error) {
    if (error instanceof ManifestError) throw new PackError(error.message);
    throw error;
  }
  for (const source of plan.entrySources) {
    if (!existsSync(join(root, pkg.dir, source)))
      throw new PackError(`${shown}: an entry names ./${source}, which does not exist`);
  }
  for (const source of plan.binSources) {
    if (!readFileSync(join(root, pkg.dir, source), "utf8").startsWith("#!"))
      throw new PackError(`${join(pkg.dir, source)}:1:1: a bin command needs a first line like #!/usr/bin/env node`);
  }

  mkdirSync(out, { recursive: true });
  const scratch = mkdtempSync(join(out, `.${basename(pkg.dir)}.partial-`));
  try {
    const stage = join(scratch, "package");
    compile(root, pkg, stage, stagedPaths(staged));
    copyAssets(join(root, pkg.dir, "src"), join(stage, COMPILED));
    for (const file of filesUnder(join(stage, COMPILED)).filter((file) => /\.d\.[cm]?ts$/.test(file))) {
      const path = join(stage, COMPILED, file);
      writeFileSync(path, declarationsWithJsImports(readFileSync(path, "utf8")));
    }
    for (const document of documents) copyFileSync(join(root, pkg.dir, document), join(stage, document));
    writeFileSync(join(stage, "package.json"), `${JSON.stringify(plan.manifest, null, 2)}\n`);
    for (const path of [...namedPaths(plan.manifest.exports), ...namedPaths(plan.manifest.bin)]) {
      if (!existsSync(join(stage, path))) throw new PackError(`${shown}: the compiler wrote no ${path} for an entry`);
    }
    const report = npmPack(pkg, stage, scratch);
    const folder = join(out, basename(pkg.dir));
    const tarball = join(out, report.filename);
    replaceFolder(stage, folder, scratch);
    renameSync(join(scratch, report.filename), tarball);
    staged.set(name, { folder, manifest: plan.manifest });
    return {
      name,
      version,
      folder,
      tarball,
      bytes: report.size,
      unpackedBytes: report.unpackedSize,
      files: report.entryCount,
    };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/**
 * Every workspace package under `<root>/packages/*` staged and packed into `out`
 * (`<root>/.cache/packages` unless told), dependencies first. Throws a PackError whose message
 * is one line naming the file at fault.
 *
 * @example
 * const [runtime] = packPackages(REPO); // runtime.tarball: …/.cache/packages/contract-workbench-runtime-0.1.0.tgz
 */
export function packPackages(root: string, out = join(root, PACKED)): Packed[] {
  const staged = new Map<string, { folder: string; manifest: PackageManifest }>();
  return workspacePackages(root).map((pkg) => packOne(root, pkg, out, staged));
}

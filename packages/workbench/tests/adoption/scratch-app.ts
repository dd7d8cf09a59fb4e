// An app no one here wrote, as a team adopting the packages has one: made by create-vite (its
// react-ts template, the version pinned in package.json) in a scratch folder, given the packed
// workspace packages and their peers with npm, and its commands run as the team would run them.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { REPO, removeScratchCopy, run } from "../../../../tests/harness/scratch-copy.ts";

/** create-vite's template for a Vite + React + TypeScript app. */
export const TEMPLATE = "react-ts";

/** A scratch app: its folder, and the scratch folder holding it (removed at the end). */
export interface ScratchApp {
  dir: string;
  scratch: string;
}

type Manifest = {
  name: string;
  version: string;
  peerDependencies?: Record<string, string>;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
};

const readJson = (file: string) => JSON.parse(readFileSync(file, "utf8")) as Manifest;

/** A command's failure as one message: what ran, its status and the end of what it said. */
function failed(what: string, result: { status: number | null; stdout: string; stderr: string }): Error {
  const said = `${result.stdout}\n${result.stderr}`.trim().split("\n").slice(-30).join("\n");
  return new Error(`${what} exited with ${result.status}:\n${said}`);
}

/**
 * A fresh app from create-vite's react-ts template, in a scratch folder under the OS's temporary
 * folder: outside the repository, so nothing in it resolves from the repository's node_modules and
 * a package missing from a tarball's dependencies shows. Nothing is installed yet.
 *
 * @example
 * const app = createViteApp("adoption-");
 * installInApp(app.dir, [packedTarball("@contract-workbench/runtime"), ...peersToInstall(app.dir, "packages/runtime")]);
 */
export function createViteApp(prefix: string): ScratchApp {
  const scratch = mkdtempSync(join(tmpdir(), prefix));
  const createVite = join(REPO, "node_modules", "create-vite", "index.js");
  const made = run(scratch, process.execPath, [
    createVite,
    "app",
    "--no-interactive",
    "--no-immediate",
    "--template",
    TEMPLATE,
  ]);
  const dir = join(scratch, "app");
  if (made.status !== 0 || !existsSync(join(dir, "package.json"))) throw failed("create-vite", made);
  return { dir, scratch };
}

/**
 * `npm install` in the app: its template's dependencies and the given specs (tarballs, `name@version`)
 * in one resolution, pinned exactly as a team's lock would, from the local npm cache where it has
 * them (`--prefer-offline`), so the registry's speed does not decide the test's. `npm install`, not
 * `npm ci`: the template has no lock yet.
 */
export function installInApp(dir: string, specs: string[]): void {
  const args = ["install", "--save-exact", "--prefer-offline", "--no-audit", "--no-fund", "--no-update-notifier"];
  const installed = run(dir, "npm", [...args, ...specs]);
  if (installed.status !== 0) throw failed(`npm install ${specs.join(" ")}`, installed);
}

/** A workspace package's tarball, as `npm run pack:packages` names it in `.cache/packages/`. */
export function packedTarball(packageDir: string): string {
  const { name, version } = readJson(join(REPO, packageDir, "package.json"));
  const tarball = join(REPO, ".cache", "packages", `${name.replace(/^@/, "").replace("/", "-")}-${version}.tgz`);
  if (!existsSync(tarball)) throw new Error(`${tarball} is missing: run npm run pack:packages first`);
  return tarball;
}

/**
 * A workspace package's peers that the app lacks, each at the version this repository pins (what
 * its own tests run with, already in the local npm cache), else at the package's range.
 */
export function peersToInstall(appDir: string, packageDir: string): string[] {
  const { peerDependencies = {} } = readJson(join(REPO, packageDir, "package.json"));
  const app = readJson(join(appDir, "package.json"));
  const repo = readJson(join(REPO, "package.json"));
  const has = { ...app.dependencies, ...app.devDependencies };
  const pinned: Record<string, string> = { ...repo.dependencies, ...repo.devDependencies };
  return Object.entries(peerDependencies)
    .filter(([name]) => !(name in has))
    .map(([name, range]) => `${name}@${/^\d/.test(pinned[name] ?? "") ? pinned[name] : range}`);
}

/** Writes files into the app (paths relative to it). */
export function writeAppFiles(dir: string, files: Record<string, string>): void {
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), text);
  }
}

/** Runs one of the app's npm scripts; throws with its output when it fails. */
export function runAppScript(dir: string, script: string): string {
  const result = run(dir, "npm", ["run", script]);
  if (result.status !== 0) throw failed(`npm run ${script}`, result);
  return `${result.stdout}${result.stderr}`;
}

/** Removes the app's scratch folder (kept with KEEP_SCRATCH=1, to look into a failure). */
export function removeScratchApp(app: ScratchApp | undefined): void {
  if (app) removeScratchCopy(app.scratch);
}

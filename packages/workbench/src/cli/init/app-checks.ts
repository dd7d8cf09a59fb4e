// What `init` requires: Vite + React + TypeScript, Storybook 10 or none, a clean Git tree (its changes undone as one).
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

export interface AppPackage {
  name?: string;
  scripts?: Record<string, string>;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  imports?: Record<string, unknown>;
  msw?: { workerDirectory?: string | string[] };
  [key: string]: unknown;
}

/** The app's package.json, or why there is none to read. */
export function readAppPackage(root: string): AppPackage | string {
  const file = join(root, "package.json");
  if (!existsSync(file)) return `no package.json in ${root}: run init at the root of a Vite + React + TypeScript app.`;
  try {
    const parsed: unknown = JSON.parse(readFileSync(file, "utf8"));
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed))
      return "package.json is not a JSON object.";
    return parsed as AppPackage;
  } catch (error) {
    return `package.json is not valid JSON (${error instanceof Error ? error.message : String(error)}).`;
  }
}

/** The version range an app declares for a package, in either list. */
export function declared(pkg: AppPackage, name: string): string | undefined {
  return pkg.dependencies?.[name] ?? pkg.devDependencies?.[name];
}

/** The first reason init cannot proceed in this app, or undefined. */
export function refusal(root: string, pkg: AppPackage): string | undefined {
  if (!declared(pkg, "vite"))
    return "no Vite in package.json: init adds the workbench to a Vite + React + TypeScript app.";
  if (!declared(pkg, "react"))
    return "no React in package.json: init adds the workbench to a Vite + React + TypeScript app.";
  if (!declared(pkg, "typescript") && !existsSync(join(root, "tsconfig.json")))
    return "no TypeScript (neither in package.json nor a tsconfig.json): the workbench generates TypeScript.";
  const storybook = declared(pkg, "storybook");
  // The major version its range starts from ("^8.6.0" → 8), when it says one.
  const major = /\d+/.exec(storybook ?? "")?.[0];
  if (major !== undefined && Number(major) < 10)
    return `Storybook ${storybook} is older than 10: upgrade it first (npx storybook@latest upgrade), then run init again.`;
  return dirtyTree(root);
}

/** Why a Git tree with uncommitted changes stops init; undefined outside Git or when clean. */
function dirtyTree(root: string): string | undefined {
  const status = spawnSync("git", ["status", "--porcelain"], { cwd: root, encoding: "utf8" });
  if (status.status !== 0) return undefined; // not a Git work tree (or no git): nothing to keep apart
  if (status.stdout.trim() === "") return undefined;
  return "the Git tree has uncommitted changes: commit or stash them, so that init's changes stand on their own.";
}

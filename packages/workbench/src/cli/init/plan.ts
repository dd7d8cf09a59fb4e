// What `init` would change in an app, computed before anything is written; applying it twice changes nothing.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { declared, type AppPackage } from "./app-checks.ts";
import { API_BINDING, EMPTY_CONTRACT, FIXTURES_SESSION, REGISTRY } from "./templates.ts";

/** The script names this repository's app uses, with what each runs in an adopting app. */
export const SCRIPTS: Readonly<Record<string, string>> = {
  api: "contract-workbench api",
  "api:check": "contract-workbench check",
  "coverage:contract": "contract-workbench coverage",
  "contract:probe": "contract-workbench probe",
  "fixtures:import": "contract-workbench import",
  mcp: "contract-workbench mcp",
  mock: "contract-workbench mock",
};

/** The app-relative files init writes when absent. */
export function appFiles(): Record<string, string> {
  return {
    "openapi/openapi.yaml": EMPTY_CONTRACT,
    "contracts.config.ts": REGISTRY,
    "src/api/index.ts": API_BINDING,
    "mocks/fixtures-session.ts": FIXTURES_SESSION,
  };
}

export type FileChange =
  | { path: string; action: "create" | "overwrite" | "update"; text: string }
  | { path: string; action: "keep"; reason: string };

/** What the workbench and Storybook write that belongs to one checkout, never to Git. */
export const IGNORED = [".cache/", "/coverage/", "storybook-static/", "*storybook.log"] as const;

/** `.gitignore` with the entries of IGNORED it lacks (in any of Git's spellings) appended; undefined when none. */
function planIgnored(root: string): FileChange | undefined {
  const file = join(root, ".gitignore");
  const text = existsSync(file) ? readFileSync(file, "utf8") : undefined;
  const bare = (entry: string) => entry.trim().replace(/^\//, "").replace(/\/$/, "");
  const listed = new Set((text ?? "").split(/\r?\n/).map(bare));
  const missing = IGNORED.filter((entry) => !listed.has(bare(entry)));
  if (missing.length === 0) return undefined;
  const before = text === undefined || text === "" ? "" : text.endsWith("\n") ? `${text}\n` : `${text}\n\n`;
  return {
    path: ".gitignore",
    action: text === undefined ? "create" : "update",
    text: `${before}# contract-workbench and Storybook: this checkout's own\n${missing.join("\n")}\n`,
  };
}

export interface PackageChange {
  /** What is added or changed, one line each, for the summary. */
  lines: string[];
  /** The package.json to write, when any line changed it. */
  next: AppPackage | undefined;
}

export interface InitPlan {
  files: FileChange[];
  packageJson: PackageChange;
}

export interface PlanOptions {
  /** Overwrite files the team wrote and scripts it named otherwise. */
  force?: boolean;
  /** Files and their texts to add besides the workbench's own (the Storybook setup). */
  extraFiles?: Record<string, string>;
  /** Scripts to add besides the workbench's own (Storybook's, for an app that had none). */
  scripts?: Record<string, string>;
  /** Dependencies the app must declare, name → exact version, and where. */
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

/** The files part of the plan: unchanged files are left out, the team's own are kept unless forced. */
function planFiles(root: string, files: Record<string, string>, force: boolean): FileChange[] {
  return Object.entries(files).flatMap(([path, text]): FileChange[] => {
    const file = join(root, path);
    if (!existsSync(file)) return [{ path, action: "create", text }];
    if (readFileSync(file, "utf8") === text) return [];
    if (force) return [{ path, action: "overwrite", text }];
    return [{ path, action: "keep", reason: "yours; --force overwrites it" }];
  });
}

/** The package.json part: scripts, the `#mocks/*` import, the MSW worker's folder, dependencies. */
function planPackage(pkg: AppPackage, options: PlanOptions): PackageChange {
  const next: AppPackage = structuredClone(pkg);
  const lines: string[] = [];
  const scripts = { ...next.scripts };
  for (const [name, command] of Object.entries({ ...SCRIPTS, ...options.scripts })) {
    if (scripts[name] === command) continue;
    if (scripts[name] !== undefined && !options.force) {
      lines.push(`keep script "${name}" (yours: ${scripts[name]}; --force sets "${command}")`);
      continue;
    }
    lines.push(`script "${name}": ${command}`);
    scripts[name] = command;
  }
  next.scripts = scripts;
  if (next.imports?.["#mocks/*"] === undefined) {
    next.imports = { ...next.imports, "#mocks/*": "./mocks/*" };
    lines.push('imports "#mocks/*": ./mocks/* (the generated fixtures import the app\'s mocks by it)');
  }
  if (next.msw?.workerDirectory === undefined) {
    next.msw = { ...next.msw, workerDirectory: [".storybook/public"] };
    lines.push("msw.workerDirectory: .storybook/public (npm run api keeps the worker there)");
  }
  for (const field of ["dependencies", "devDependencies"] as const) {
    for (const [name, version] of Object.entries(options[field] ?? {})) {
      if (declared(next, name) !== undefined) continue;
      next[field] = { ...next[field], [name]: version };
      lines.push(`${field} ${name}@${version}`);
    }
  }
  const changed = JSON.stringify(next) !== JSON.stringify(pkg);
  return { lines, next: changed ? next : undefined };
}

/** Everything init would change in the app at `root`. */
export function planInit(root: string, pkg: AppPackage, options: PlanOptions = {}): InitPlan {
  const ignored = planIgnored(root);
  return {
    files: [
      ...planFiles(root, { ...appFiles(), ...options.extraFiles }, options.force ?? false),
      ...(ignored ? [ignored] : []),
    ],
    packageJson: planPackage(pkg, options),
  };
}

export function changesAnything(plan: InitPlan): boolean {
  return plan.files.some((file) => file.action !== "keep") || plan.packageJson.next !== undefined;
}

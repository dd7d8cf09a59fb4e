import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import registry from "../../contracts.config.ts";
import { MOCKED_CONTRACTS, SERVICE_FIXTURES } from "@contract-workbench/workbench/codegen";
import { contractList } from "@contract-workbench/workbench/contract";
import { REPO, WORKBENCH_BIN } from "./scratch-copy.ts";

/** A contract's folder: the source itself when it is a folder, else the folder holding it (and what it `$ref`s there). */
function sourceFolder(source: string): string {
  return /\.(ya?ml|json)$/.test(source) ? dirname(source) : source;
}

/** The folders `npm run api` writes into: each registered contract's generated files and fixtures module, the mock setups' lists, the worker. */
const OUTPUT_FOLDERS = [
  ...new Set([
    ...contractList(registry).flatMap((contract) => [contract.generated, dirname(contract.fixtures)]),
    dirname(MOCKED_CONTRACTS),
    dirname(SERVICE_FIXTURES),
    ".storybook/public",
  ]),
];

/** What `npm run api` reads and writes; enough of the project to run it. */
const PARTS = [
  ...new Set([
    "scripts",
    "packages/workbench/src",
    "tooling",
    "package.json",
    "contracts.config.ts",
    ...contractList(registry).map((contract) => sourceFolder(contract.source)),
    ...OUTPUT_FOLDERS,
  ]),
];

/**
 * A minimal copy of the project for the generator, under the repository's `.cache/`
 * so that packages resolve from its node_modules.
 */
export function makeApiScratch(name: string): string {
  mkdirSync(join(REPO, ".cache"), { recursive: true });
  const dir = mkdtempSync(join(REPO, ".cache", `${name}-`));
  for (const part of PARTS) cpSync(join(REPO, part), join(dir, part), { recursive: true });
  return dir;
}

/** Replaces the contract folder's files with the given ones (paths relative to `openapi/`). */
export function writeContract(dir: string, files: Record<string, string>): void {
  rmSync(join(dir, "openapi"), { recursive: true, force: true });
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, "openapi", file)), { recursive: true });
    writeFileSync(join(dir, "openapi", file), text);
  }
}

/** Every generated file, path → bytes, to prove a failed run changed none of them. */
export function snapshotOutputs(dir: string): Map<string, string> {
  const snapshot = new Map<string, string>();
  for (const folder of OUTPUT_FOLDERS) {
    for (const entry of readdirSync(join(dir, folder), { recursive: true })) {
      const file = join(dir, folder, String(entry));
      if (statSync(file).isFile()) snapshot.set(relative(dir, file), readFileSync(file, "latin1"));
    }
  }
  return snapshot;
}

export function runApi(dir: string, ...args: string[]) {
  return spawnSync(process.execPath, [WORKBENCH_BIN, "api", ...args], {
    cwd: dir,
    encoding: "utf8",
    env: { ...process.env, NO_COLOR: "1" },
  });
}

export function removeApiScratch(dir: string): void {
  if (!process.env.KEEP_SCRATCH) rmSync(dir, { recursive: true, force: true });
}

// Every folder README names its source modules (.ts, .tsx, .mdx; not tests or stories, found by their names) and names no file that does not exist.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const REPO = fileURLToPath(new URL("..", import.meta.url));
const ROOTS = ["packages/workbench/src", "mocks", "tooling"];
const SOURCE = /\.(ts|tsx|mdx)$/;
const NOT_SOURCE = /\.(test|test-d|stories)\.tsx?$|\.d\.ts$/;
/** `npm run api` writes these; they are described by the README of the folder that holds them. */
const GENERATED = "generated";

/** Every folder under `root`, parents before children. */
function folders(root: string): string[] {
  const below = readdirSync(join(REPO, root), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== "node_modules")
    .flatMap((entry) => folders(join(root, entry.name)));
  return [root, ...below];
}

/**
 * The source modules a README answers for: its folder's, and those of each folder below
 * without a README of its own (generated folders aside).
 */
function modulesOf(folder: string): string[] {
  const entries = readdirSync(join(REPO, folder), { withFileTypes: true });
  const own = entries.filter((e) => e.isFile() && SOURCE.test(e.name) && !NOT_SOURCE.test(e.name)).map((e) => e.name);
  const below = entries
    .filter((e) => e.isDirectory() && e.name !== GENERATED && e.name !== "node_modules")
    .filter((e) => !existsSync(join(REPO, folder, e.name, "README.md")))
    .flatMap((e) => modulesOf(join(folder, e.name)));
  return [...own, ...below];
}

/** A file name as a word of the README: not part of a longer name (`store.ts` is not in `restore.ts`). */
function mentions(readme: string, name: string): boolean {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`(?<![\\w.-])${escaped}(?![\\w-]|\\.\\w)`).test(readme);
}

/**
 * A backticked file name with a source extension must exist: from the README's folder or any
 * folder above it, or (a bare name) in a folder below it.
 */
function stalePointers(folder: string, readme: string): string[] {
  const named = [...readme.matchAll(/`([^`\s]+\.(?:ts|tsx|mdx))`/g)].map((match) => match[1]!);
  const files = named.filter((name) => !/[<>*{}#]/.test(name) && !name.startsWith("."));
  const below = new Set(folders(folder).flatMap((f) => readdirSync(join(REPO, f))));
  return [...new Set(files)].filter((name) => {
    if (!name.includes("/") && below.has(name)) return false;
    for (let at = resolve(REPO, folder); at.startsWith(REPO.replace(/\/$/, "")); at = dirname(at)) {
      if (existsSync(join(at, name))) return false;
      if (relative(REPO, at) === "") break;
    }
    return true;
  });
}

const readmes = ROOTS.flatMap(folders).filter((folder) => existsSync(join(REPO, folder, "README.md")));

describe("folder READMEs", () => {
  it("finds the READMEs", () => {
    expect(readmes).toEqual(
      expect.arrayContaining(["packages/workbench/src/codegen", "packages/workbench/src/fixtures/resources", "mocks"]),
    );
  });

  it.each(readmes)("%s/README.md names every source module of its folder", (folder) => {
    const readme = readFileSync(join(REPO, folder, "README.md"), "utf8");
    expect(modulesOf(folder).filter((name) => !mentions(readme, name))).toEqual([]);
  });

  it.each(readmes)("%s/README.md names only files that exist", (folder) => {
    const readme = readFileSync(join(REPO, folder, "README.md"), "utf8");
    expect(stalePointers(folder, readme)).toEqual([]);
  });
});

// The first-use install of a package only a benchmark reads, with the real npm client, from
// tarballs `npm pack` makes here: offline, so no test reaches the registry.
import { execFileSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureCachedPackage, type CachedPackage } from "./cached-package.ts";

let scratch: string;
const offline = process.env.npm_config_offline;

/** A tarball of a tiny package `tiny-directory@version`, as the registry would serve it. */
function tarball(version: string): string {
  const source = join(scratch, `source-${version}`);
  mkdirSync(source, { recursive: true });
  writeFileSync(join(source, "package.json"), JSON.stringify({ name: "tiny-directory", version }));
  writeFileSync(join(source, "contract.json"), JSON.stringify({ openapi: "3.1.0", version }));
  execFileSync("npm", ["pack", "--silent", "--pack-destination", scratch], { cwd: source, stdio: "pipe" });
  return join(scratch, `tiny-directory-${version}.tgz`);
}

function install(pkg: CachedPackage): { dir: string; said: string[] } {
  const said: string[] = [];
  return { dir: ensureCachedPackage(pkg, (line) => said.push(line)), said };
}

/** What the cache's parent holds besides the cache itself: a partial or stale folder left behind. */
const leftovers = (parent: string) => readdirSync(parent).filter((entry) => entry !== "directory");

beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), "cached-package-"));
  process.env.npm_config_offline = "true";
});

afterAll(() => {
  if (offline === undefined) delete process.env.npm_config_offline;
  else process.env.npm_config_offline = offline;
  rmSync(scratch, { recursive: true, force: true });
});

describe("a package installed on first use", () => {
  it("is installed once, says so in one line, and is reused without npm on the next run", () => {
    const parent = join(scratch, "first");
    const pkg = { name: "tiny-directory", version: "1.0.0", folder: join(parent, "directory") };
    const source = tarball("1.0.0");

    const first = install({ ...pkg, source });
    expect(first.said).toEqual([
      `installing tiny-directory@1.0.0 on first use into ${pkg.folder} (later runs reuse it)`,
    ]);
    expect(JSON.parse(readFileSync(join(first.dir, "contract.json"), "utf8"))).toEqual({
      openapi: "3.1.0",
      version: "1.0.0",
    });
    expect(leftovers(parent)).toEqual([]);

    // Without its source, only the cache can answer.
    rmSync(source);
    const written = statSync(join(first.dir, "contract.json")).mtimeMs;
    const second = install({ ...pkg, source });
    expect(second).toEqual({ dir: first.dir, said: [] });
    expect(statSync(join(second.dir, "contract.json")).mtimeMs).toBe(written);
  });

  it("leaves nothing behind when the install fails", () => {
    const parent = join(scratch, "failed");
    const pkg = { name: "tiny-directory", version: "1.0.0", folder: join(parent, "directory") };
    const missing = join(scratch, "no-such-tarball-1.0.0.tgz");

    expect(() => install({ ...pkg, source: missing })).toThrow(
      /^could not install tiny-directory@1\.0\.0 into .*directory: [^\n]+$/,
    );
    expect(existsSync(pkg.folder)).toBe(false);
    expect(leftovers(parent)).toEqual([]);
  });

  it("refuses an install that is not the pinned version, keeping what the cache held", () => {
    const parent = join(scratch, "mismatch");
    const folder = join(parent, "directory");
    const kept = install({ name: "tiny-directory", version: "1.0.0", folder, source: tarball("1.0.0") });

    expect(() => install({ name: "tiny-directory", version: "3.0.0", folder, source: tarball("2.0.0") })).toThrow(
      /could not install tiny-directory@3\.0\.0/,
    );
    expect(JSON.parse(readFileSync(join(kept.dir, "package.json"), "utf8"))).toMatchObject({ version: "1.0.0" });
    expect(leftovers(parent)).toEqual([]);
  });

  it("replaces an older pin's version once the new one is whole", () => {
    const parent = join(scratch, "upgrade");
    const folder = join(parent, "directory");
    install({ name: "tiny-directory", version: "1.0.0", folder, source: tarball("1.0.0") });

    const upgraded = install({ name: "tiny-directory", version: "2.0.0", folder, source: tarball("2.0.0") });
    expect(upgraded.said).toHaveLength(1);
    expect(JSON.parse(readFileSync(join(upgraded.dir, "contract.json"), "utf8"))).toMatchObject({ version: "2.0.0" });
    expect(leftovers(parent)).toEqual([]);
  });
});

import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";

/** A package that only a benchmark reads, kept out of `npm ci` and installed on first use. */
export interface CachedPackage {
  /** The package's name on the registry. */
  name: string;
  /** The exact version the benchmark is pinned to. */
  version: string;
  /** The folder that holds it (`<folder>/node_modules/<name>`), git-ignored. */
  folder: string;
  /** What `npm install` is given; the pinned `name@version` unless told (a local tarball). */
  source?: string;
}

/** The package's own folder inside the cache folder. */
export function cachedPackageDir({ folder, name }: CachedPackage): string {
  return join(folder, "node_modules", name);
}

/** Whether the cache folder already holds the pinned version, whole. */
export function isCached(pkg: CachedPackage): boolean {
  const manifest = join(cachedPackageDir(pkg), "package.json");
  if (!existsSync(manifest)) return false;
  try {
    return (JSON.parse(readFileSync(manifest, "utf8")) as { version?: unknown }).version === pkg.version;
  } catch {
    return false;
  }
}

/**
 * The package's folder, installed first when the cache folder lacks the pinned version: with
 * the ordinary npm client into a temporary folder beside it, renamed into place only once whole,
 * so a failed or interrupted install leaves no half-written cache. `say` gets one line when an
 * install starts. Throws an Error with a one-line message when npm fails.
 */
export function ensureCachedPackage(pkg: CachedPackage, say: (line: string) => void): string {
  if (isCached(pkg)) return cachedPackageDir(pkg);
  const { folder, name, version } = pkg;
  const source = pkg.source ?? `${name}@${version}`;
  say(`installing ${name}@${version} on first use into ${folder} (later runs reuse it)`);
  mkdirSync(dirname(folder), { recursive: true });
  const partial = mkdtempSync(join(dirname(folder), `${basename(folder)}.partial-`));
  try {
    // A package.json of its own, so npm installs here and never walks up to the repository's.
    writeFileSync(join(partial, "package.json"), `${JSON.stringify({ private: true }, null, 2)}\n`);
    const npm = spawnSync(
      "npm",
      [
        "install",
        "--prefix",
        partial,
        "--no-save",
        "--no-audit",
        "--no-fund",
        "--no-update-notifier",
        "--ignore-scripts",
        source,
      ],
      { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] },
    );
    const installed = { ...pkg, folder: partial };
    if (npm.status !== 0 || !isCached(installed)) {
      const reason =
        npm.error?.message ??
        npm.stderr
          .split("\n")
          .find((line) => line.includes("ERR!") && !line.includes("A complete log"))
          ?.replace(/^npm (error|ERR!)\s*/, "") ??
        `npm did not install ${name}@${version}`;
      throw new Error(`could not install ${name}@${version} into ${folder}: ${reason.trim()}`);
    }
    // Another version from an older pin goes only once the new one is whole.
    if (existsSync(folder)) {
      const stale = mkdtempSync(join(dirname(folder), `${basename(folder)}.stale-`));
      renameSync(folder, join(stale, "old"));
      renameSync(partial, folder);
      rmSync(stale, { recursive: true, force: true });
    } else renameSync(partial, folder);
  } finally {
    rmSync(partial, { recursive: true, force: true });
  }
  return cachedPackageDir(pkg);
}

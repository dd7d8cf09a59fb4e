/**
 * `npm run pack:packages` makes each workspace package under packages/* an installable tarball:
 * its src/ compiled to JavaScript and declarations in `.cache/packages/<folder>/`, packed there
 * as `.cache/packages/<name>-<version>.tgz` (scripts/packaging/pack.ts says how).
 */
import { relative, resolve } from "node:path";
import { packPackages, PackError } from "./packaging/pack.ts";

const root = resolve(import.meta.dirname, "..");

if (process.argv.length > 2) {
  console.error("pack:packages: usage: npm run pack:packages (it takes no arguments)");
  process.exit(1);
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

try {
  const started = performance.now();
  const packed = packPackages(root);
  for (const pkg of packed) {
    console.log(
      `pack:packages: ${pkg.name}@${pkg.version} → ${relative(process.cwd(), pkg.tarball)} ` +
        `(${kB(pkg.bytes)}; ${pkg.files} files, ${kB(pkg.unpackedBytes)} unpacked)`,
    );
  }
  if (packed.length === 0) console.log("pack:packages: no workspace package under packages/");
  console.log(`pack:packages: ${packed.length} package(s) in ${((performance.now() - started) / 1000).toFixed(1)} s`);
} catch (error) {
  if (!(error instanceof PackError)) throw error;
  console.error(`pack:packages: ${error.message}`);
  process.exitCode = 1;
}

// The package.json a staged package is packed with: the workspace's own, its entries moved from
// the TypeScript sources in src/ to what the compiler writes in dist/.

/** Where the compiled files go inside a staged package. */
export const COMPILED = "dist";

/** The documents copied beside the compiled files, when the package has them. */
export const DOCUMENTS = ["README.md", "CHANGELOG.md", "LICENSE"];

/** A test or a story: never compiled into a package, never copied into it. */
export const NOT_SHIPPED = /\.(test|test-d|stories)\.[cm]?[jt]sx?$/;

/** A TypeScript source the compiler turns into JavaScript and declarations (a `.d.ts` is copied as it is). */
export const COMPILED_SOURCE = /(?<!\.d)\.[cm]?tsx?$/;

/** A package.json as far as packing reads it. */
export interface PackageManifest {
  name?: string;
  version?: string;
  exports?: unknown;
  bin?: string | Record<string, string>;
  files?: string[];
  [field: string]: unknown;
}

/** A manifest that cannot be staged: its message names the package.json and the field. */
export class ManifestError extends Error {}

/** `./src/a/b.tsx` → `{ js: "./dist/a/b.js", types: "./dist/a/b.d.ts" }`; a file that is not TypeScript keeps its name. */
export function compiledPaths(target: string): { js: string; types?: string } {
  const moved = `./${COMPILED}/${target.slice("./src/".length)}`;
  const extension = /\.([cm]?)tsx?$/.exec(moved);
  if (!extension || moved.endsWith(".d.ts")) return { js: moved };
  const stem = moved.slice(0, extension.index);
  const js = { "": ".js", m: ".mjs", c: ".cjs" }[extension[1] as "" | "m" | "c"];
  return { js: `${stem}${js}`, types: `${stem}.d.${js.slice(1).replace("js", "ts")}` };
}

/** Whether an entry names a file of the package's sources (and not a test or a story). */
function inSources(target: string): boolean {
  return target.startsWith("./src/") && !target.includes("/../") && !NOT_SHIPPED.test(target);
}

/**
 * One `exports` value moved to dist/: a source becomes `{ types, default }` (types first, as
 * TypeScript reads conditions in order), conditions are kept and their values moved, and a target
 * outside src/ (`./package.json`) stays as it is.
 */
function movedExport(value: unknown, where: string, file: string, outside: Set<string>): unknown {
  if (value === null) return null;
  if (typeof value === "string") {
    if (value.startsWith("./src/")) {
      if (!inSources(value)) throw new ManifestError(`${file}: ${where} names ${value}, a test or story, not a source`);
      const { js, types } = compiledPaths(value);
      return types ? { types, default: js } : js;
    }
    if (!value.startsWith("./"))
      throw new ManifestError(`${file}: ${where} names ${value}, not a path inside the package`);
    outside.add(value.slice(2));
    return value;
  }
  if (Array.isArray(value)) return value.map((item, index) => movedExport(item, `${where}[${index}]`, file, outside));
  if (typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [key, movedExport(inner, `${where}["${key}"]`, file, outside)]),
    );
  }
  throw new ManifestError(`${file}: ${where} is ${JSON.stringify(value)}, not a path or conditions`);
}

/** A `bin` command's compiled script. */
function movedBin(target: string, where: string, file: string): string {
  const normal = target.startsWith("./") ? target : `./${target}`;
  if (!inSources(normal)) throw new ManifestError(`${file}: ${where} names ${target}, not a source in src/`);
  return compiledPaths(normal).js;
}

/** A staged manifest and what it was made from. */
export interface StagedManifest {
  manifest: PackageManifest;
  /** Each source file an entry names (`./src/…`, no patterns), to check before compiling. */
  entrySources: string[];
  /** Each `bin` command's source, which must start with a `#!` line to run once installed. */
  binSources: string[];
}

/**
 * The package.json of a staged package, from the workspace's own (named `file` in messages):
 * `exports`, `bin`, `main`, `module` and `types` point at the compiled files under the same entry
 * names; `files` lists dist/, the documents present and any entry outside src/; `scripts` and
 * `devDependencies` go, since they serve the package's development in the workspace (a `prepack`
 * there would try to build from sources a tarball does not have).
 *
 * @example
 * stagedManifest({ name: "x", exports: { ".": "./src/index.ts" } }, "packages/x/package.json", ["README.md"]).manifest.exports;
 * // { ".": { types: "./dist/index.d.ts", default: "./dist/index.js" } }
 */
export function stagedManifest(source: PackageManifest, file: string, documents: string[]): StagedManifest {
  const outside = new Set<string>();
  const manifest: PackageManifest = { ...source };
  delete manifest.scripts;
  delete manifest.devDependencies;
  if (source.exports !== undefined) manifest.exports = movedExport(source.exports, "exports", file, outside);
  for (const field of ["main", "module", "types", "typings"]) {
    const value = source[field];
    if (typeof value !== "string") continue;
    const normal = value.startsWith("./") ? value : `./${value}`;
    if (!normal.startsWith("./src/")) continue;
    if (!inSources(normal)) throw new ManifestError(`${file}: ${field} names ${value}, a test or story, not a source`);
    const { js, types } = compiledPaths(normal);
    manifest[field] = field === "types" || field === "typings" ? (types ?? js) : js;
  }
  const binSources: string[] = [];
  if (typeof source.bin === "string") {
    binSources.push(source.bin);
    manifest.bin = movedBin(source.bin, "bin", file);
  } else if (source.bin !== undefined) {
    manifest.bin = Object.fromEntries(
      Object.entries(source.bin).map(([command, target]) => {
        binSources.push(target);
        return [command, movedBin(target, `bin["${command}"]`, file)];
      }),
    );
  }
  manifest.files = [COMPILED, ...documents, ...[...outside].filter((path) => path !== "package.json")];
  const entrySources = [...collectSources(source.exports), ...binSources]
    .map((target) => (target.startsWith("./") ? target.slice(2) : target))
    .filter((target) => !target.includes("*"));
  return { manifest, entrySources: [...new Set(entrySources)], binSources };
}

/** Every `./src/…` string in an `exports` value. */
function collectSources(value: unknown): string[] {
  if (typeof value === "string") return value.startsWith("./src/") ? [value] : [];
  if (value && typeof value === "object") return Object.values(value).flatMap(collectSources);
  return [];
}

/**
 * A declaration file's relative imports with the extension of what they load (`./x.ts` → `./x.js`).
 * The compiler rewrites them in JavaScript but leaves them in declarations (TypeScript issue
 * 61037), where editors and resolvers that expect JavaScript names stumble on them.
 */
export function declarationsWithJsImports(text: string): string {
  return text.replace(
    /(\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(["'])(\.{1,2}\/[^"'\n]*?)(?<!\.d)\.([cm]?)tsx?\2/g,
    (_match, lead: string, quote: string, stem: string, kind: string) => `${lead}${quote}${stem}.${kind}js${quote}`,
  );
}

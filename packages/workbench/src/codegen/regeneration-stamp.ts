// No Redocly or TypeScript: the stamp is read before the generator is loaded.
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, extname, join, relative } from "node:path";
import { writeAllOrNothing } from "./atomic-write.ts";
import { lintConfigPath } from "./input/lint-config.ts";
import type { Problem } from "./input/contract-error.ts";
import type { Generated } from "./generate.ts";
import type { NamedContract } from "../contract/registry.ts";

/** Where the stamps are, relative to the root. */
export const STAMP_FOLDER = ".cache/api";
/** Bumped when the stamp's own shape changes. */
const FORMAT = 1;
/** The folder this module runs from (sources, or compiled dist/): its modules and all they import decide the outputs. */
const GENERATOR_FOLDER = import.meta.dirname;
const MODULE_EXTENSION = extname(import.meta.filename);

export interface Stamp {
  format: number;
  /** Hash of the generator's source, its packages' versions and the registry entry. */
  generator: string;
  /** Input file (relative to the root) → its hash; a contract folder's listing is one of them. */
  inputs: Record<string, string>;
  /** Output file → the hash of its text as written. */
  outputs: Record<string, string>;
  warnings: Problem[];
  sources: string[];
}

/** A SHA-256 of bytes (text is hashed as UTF-8, which costs an encoding: hash bytes where there are some). */
export function hash(data: string | Uint8Array): string {
  return createHash("sha256").update(data).digest("hex");
}

function readOrUndefined(path: string): Buffer | undefined {
  try {
    return readFileSync(path);
  } catch {
    return undefined;
  }
}

/** `@redocly/openapi-core/lib/x.js` → `@redocly/openapi-core`. */
function packageName(specifier: string): string {
  const parts = specifier.split("/");
  return (specifier.startsWith("@") ? parts.slice(0, 2) : parts.slice(0, 1)).join("/");
}

/** The version of an installed package, found as Node finds it (the nearest node_modules up from the root). */
function packageVersion(root: string, name: string): string {
  for (let dir = root; ; dir = dirname(dir)) {
    const text = readOrUndefined(join(dir, "node_modules", name, "package.json"));
    if (text !== undefined) return String((JSON.parse(text.toString("utf8")) as { version?: unknown }).version);
    if (dirname(dir) === dir) return "absent";
  }
}

const IMPORT = /\b(?:from|import)\s*\(?\s*["']([^"']+)["']/g;

/** A hash of the generator: its sources and all they import, their packages' versions, its lint config, Node's version. */
export function generatorFingerprint(root: string): string {
  const files = new Map<string, Buffer>();
  const packages = new Set<string>();
  const queue = readdirSync(GENERATOR_FOLDER, { recursive: true, encoding: "utf8" })
    .filter(
      (name) => name.endsWith(MODULE_EXTENSION) && !name.endsWith(`.d${MODULE_EXTENSION}`) && !name.includes(".test"),
    )
    .map((name) => join(GENERATOR_FOLDER, name));
  for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
    if (files.has(file)) continue;
    const text = readOrUndefined(file) ?? Buffer.from("absent");
    files.set(file, text);
    for (const [, specifier = ""] of text.toString("utf8").matchAll(IMPORT)) {
      if (specifier.startsWith(".")) queue.push(join(dirname(file), specifier));
      else if (!specifier.startsWith("node:")) packages.add(packageName(specifier));
    }
  }
  const digest = createHash("sha256").update(`${FORMAT} ${process.version}\n`);
  for (const file of [...files.keys()].sort())
    digest.update(`${relative(root, file)} ${hash(files.get(file) ?? "")}\n`);
  for (const name of [...packages].sort()) digest.update(`${name}@${packageVersion(root, name)}\n`);
  // Read by the generator without an import.
  const config = lintConfigPath(root);
  digest.update(`${relative(root, config)} ${hash(readOrUndefined(config) ?? "")}\n`);
  return digest.digest("hex");
}

function stampPath(root: string, contract: NamedContract): string {
  return join(root, STAMP_FOLDER, `${contract.name}.json`);
}

/** Every file under a contract folder (the generator may read any of them), relative to the root. */
function folderFiles(root: string, contract: NamedContract): string[] {
  const folder = join(root, contract.source);
  if (!existsSync(folder) || !statSync(folder).isDirectory()) return [];
  return readdirSync(folder, { recursive: true })
    .map((entry) => join(contract.source, String(entry)))
    .filter((file) => statSync(join(root, file)).isFile())
    .sort();
}

/** The input files' hashes; a hash as read wins over the current one, so a save during the run makes the next one regenerate. */
function inputHashes(
  root: string,
  contract: NamedContract,
  sources: readonly string[],
  read: ReadonlyMap<string, string> = new Map(),
): Record<string, string> {
  const listing = folderFiles(root, contract);
  const inputs: Record<string, string> = { [`${contract.source}/`]: hash(listing.join("\n")) };
  for (const file of new Set([...sources, ...listing])) {
    const known = read.get(file);
    const bytes = known === undefined ? readOrUndefined(join(root, file)) : undefined;
    inputs[file] = known ?? (bytes === undefined ? "absent" : hash(bytes));
  }
  return inputs;
}

function generatorKey(fingerprint: string, contract: NamedContract): string {
  return hash(`${fingerprint}\n${JSON.stringify(contract)}`);
}

/** The contract's stamp while its inputs and outputs still have the hashes it recorded (outputs hashed as bytes, never decoded). */
export function freshStamp(root: string, contract: NamedContract, fingerprint: string): Stamp | undefined {
  let stamp: Stamp;
  try {
    stamp = JSON.parse(readFileSync(stampPath(root, contract), "utf8")) as Stamp;
  } catch {
    return undefined;
  }
  if (stamp.format !== FORMAT || stamp.generator !== generatorKey(fingerprint, contract)) return undefined;
  const inputs = inputHashes(root, contract, stamp.sources);
  const recorded = Object.entries(stamp.inputs);
  if (recorded.length !== Object.keys(inputs).length || recorded.some(([file, value]) => inputs[file] !== value))
    return undefined;
  for (const [file, value] of Object.entries(stamp.outputs)) {
    const bytes = readOrUndefined(join(root, file));
    if (bytes === undefined || hash(bytes) !== value) return undefined;
  }
  return stamp;
}

/** The stamp of a contract just generated; its outputs' hashes are filled in once they are written. */
export function makeStamp(
  root: string,
  contract: NamedContract,
  fingerprint: string,
  generated: Pick<Generated, "outputs" | "warnings" | "sources" | "read">,
): Stamp {
  return {
    format: FORMAT,
    generator: generatorKey(fingerprint, contract),
    inputs: inputHashes(root, contract, generated.sources, generated.read),
    outputs: Object.fromEntries([...generated.outputs.keys()].map((file) => [file, ""])),
    warnings: generated.warnings,
    sources: generated.sources,
  };
}

/** Writes the stamps with their outputs' hashes; a failure costs the next run its skip, and is not the run's. */
export async function writeStamps(
  root: string,
  stamps: ReadonlyMap<NamedContract, Stamp>,
  written: ReadonlyMap<string, string>,
): Promise<void> {
  const files = new Map<string, string>();
  for (const [contract, stamp] of stamps) {
    const outputs = Object.keys(stamp.outputs).map((file) => [file, written.get(file)] as const);
    if (outputs.some(([, value]) => value === undefined)) continue;
    files.set(stampPath(root, contract), `${JSON.stringify({ ...stamp, outputs: Object.fromEntries(outputs) })}\n`);
  }
  if (files.size === 0) return;
  try {
    mkdirSync(join(root, STAMP_FOLDER), { recursive: true });
    await writeAllOrNothing(files);
  } catch {
    // Nothing to do: the next run regenerates in full.
  }
}

import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { join } from "node:path";
import { writeAllOrNothing } from "./atomic-write.ts";
import { ContractError, formatProblem, type Problem } from "./input/contract-error.ts";
import registry from "../contract/app-registry.ts";
import { contractList, type NamedContract } from "../contract/registry.ts";
import { registryModules } from "./fixtures-modules.ts";
import type { Target } from "./generate.ts";
import type { Manifest } from "./manifest/manifest.ts";
import { freshStamp, generatorFingerprint, hash, makeStamp, type Stamp, writeStamps } from "./regeneration-stamp.ts";

/** The mock Service Worker Storybook serves: a copy of the installed msw's, kept in step by `npm run api`. */
export const WORKER_FILE = ".storybook/public/mockServiceWorker.js";

export interface RegenerateResult {
  /** Output path (relative to the root) → contents: everything `npm run api` owns. */
  outputs: Map<string, string>;
  /** The located notes of the product's and the services' contracts. */
  warnings: Problem[];
  /** Those of the test contracts, which show constructs on purpose: listed with `--verbose` only. */
  testNotes: Problem[];
  /** Per target generated (not those `unchanged`): the manifest before (as committed, if any) and after. */
  manifests: Array<{ target: Target; before: Manifest | null; after: Manifest }>;
  /** Every contract file read, relative to the root (what watch mode watches). */
  sources: string[];
  /** The contracts whose stamp said nothing had changed: not generated again. */
  unchanged: NamedContract[];
  /** Their outputs, found on disk as their stamps recorded: not in `outputs`, nothing to write or compare. */
  kept: string[];
  /** The stamps of the contracts generated, to write once their outputs are on disk (`writeOutputs` does). */
  stamps: Map<NamedContract, Stamp>;
}

/** The committed manifest, or null when there is none or it does not parse (a merge conflict, say). */
async function previousManifest(root: string, target: Target): Promise<Manifest | null> {
  try {
    return JSON.parse(await readFile(join(root, target.outDir, "manifest.json"), "utf8")) as Manifest;
  } catch {
    return null;
  }
}

export function targetOf(contract: NamedContract): Target {
  return { contract: contract.source, outDir: contract.generated };
}

/** Every output of the registry's contracts, in memory; one with a fresh stamp is skipped unless `force` or `verbose`. */
export async function regenerate(
  root: string,
  options: { contracts?: readonly NamedContract[]; verbose?: boolean; force?: boolean } = {},
): Promise<RegenerateResult> {
  const contracts = options.contracts ?? contractList(registry);
  const outputs = new Map<string, string>();
  const warnings: Problem[] = [];
  const testNotes: Problem[] = [];
  const manifests: RegenerateResult["manifests"] = [];
  const sources: string[] = [];
  const unchanged: NamedContract[] = [];
  const kept: string[] = [];
  const stamps = new Map<NamedContract, Stamp>();
  const fingerprint = generatorFingerprint(root);
  for (const contract of contracts) {
    const target = targetOf(contract);
    const fresh =
      options.force === true || options.verbose === true ? undefined : freshStamp(root, contract, fingerprint);
    // Loaded only when a contract is generated: Redocly and TypeScript take most of a skipped run's time.
    const generated = fresh
      ? undefined
      : await (await import("./generate.ts")).generate(root, target, { locateAllWarnings: options.verbose });
    for (const [file, text] of generated?.outputs ?? []) outputs.set(file, text);
    kept.push(...Object.keys(fresh?.outputs ?? {}));
    (contract.role === "test" ? testNotes : warnings).push(...(fresh?.warnings ?? generated?.warnings ?? []));
    sources.push(...(fresh?.sources ?? generated?.sources ?? []));
    if (generated) {
      stamps.set(contract, makeStamp(root, contract, fingerprint, generated));
      manifests.push({ target, before: await previousManifest(root, target), after: generated.manifest });
    } else {
      unchanged.push(contract);
    }
  }
  for (const [file, text] of registryModules(registry, contracts)) outputs.set(file, text);
  const worker = createRequire(join(root, "package.json")).resolve("msw/mockServiceWorker.js");
  outputs.set(WORKER_FILE, await readFile(worker, "utf8"));
  return { outputs, warnings, testNotes, manifests, sources, unchanged, kept, stamps };
}

/** The outputs that differ from the disk, compared as bytes (encoding costs less than decoding); the stamps after. */
async function syncWithDisk(
  root: string,
  outputs: ReadonlyMap<string, string>,
  stamps: ReadonlyMap<NamedContract, Stamp>,
  write: boolean,
): Promise<string[]> {
  const changed = new Map<string, Buffer>();
  const hashes = new Map<string, string>();
  // Every file read at once, each encoded and hashed while the others are read.
  const reads = [...outputs].map(([file, text]) => ({
    file,
    text,
    present: readFile(join(root, file)).catch(() => undefined),
  }));
  for (const { file, text, present } of reads) {
    const bytes = Buffer.from(text, "utf8");
    hashes.set(file, hash(bytes));
    const before = await present;
    if (before === undefined || !before.equals(bytes)) changed.set(file, bytes);
  }
  if (write) await writeAllOrNothing(new Map([...changed].map(([file, bytes]) => [join(root, file), bytes])));
  if (write || changed.size === 0) await writeStamps(root, stamps, hashes);
  return [...changed.keys()];
}

type Sync = (
  root: string,
  outputs: Map<string, string>,
  stamps?: ReadonlyMap<NamedContract, Stamp>,
) => Promise<string[]>;

/** Writes the outputs all-or-nothing, then the stamps; returns the files whose contents changed. */
export const writeOutputs: Sync = (root, outputs, stamps = new Map()) => syncWithDisk(root, outputs, stamps, true);

/** The committed files that differ from what the contracts generate now; when none does, the stamps are written. */
export const staleOutputs: Sync = (root, outputs, stamps = new Map()) => syncWithDisk(root, outputs, stamps, false);

/** Why a generated file can be stale, and so what `api:check` says about it. */
export function staleReason(file: string): string {
  if (file === WORKER_FILE)
    return "does not match the installed msw's worker (msw was upgraded or the file was edited)";
  if (file.endsWith(".ts")) return "is out of date with the registry (contracts.config.ts)";
  const owner = contractList(registry).find((contract) => file.startsWith(`${contract.generated}/`));
  if (!owner) return "is out of date with its contract";
  const folder = !/\.(ya?ml|json)$/.test(owner.source);
  return `is out of date with the contract in ${owner.source}${folder ? "/" : ""}`;
}

const WARNINGS_SHOWN = 10;

/** Warnings: all with `verbose`, else the first few and a count per rule, lest a large contract flood the terminal. */
export function formatWarnings(warnings: Problem[], verbose: boolean): string[] {
  if (warnings.length === 0) return [];
  const shown = verbose ? warnings : warnings.slice(0, WARNINGS_SHOWN);
  const lines = shown.map(formatProblem);
  if (!verbose && warnings.length > WARNINGS_SHOWN) {
    const byRule = Map.groupBy(warnings, (warning) => warning.rule ?? "other");
    const counts = [...byRule].sort((a, b) => b[1].length - a[1].length).map(([rule, all]) => `${rule} ×${all.length}`);
    lines.push(
      `… ${warnings.length - WARNINGS_SHOWN} more warnings (${counts.join(", ")}); \`--verbose\` lists them all.`,
    );
  }
  return lines;
}

export { ContractError };

// The registry's contracts as the tools read them, read again whenever their generated files are rewritten.
import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import registry from "../contract/app-registry.ts";
import type { Manifest } from "@contract-workbench/runtime/manifest";
import type { ContractSchemas } from "../contract/contract-types.ts";
import { generatedPath, readContract, readManifest } from "../contract/generated.ts";
import { contractList, type NamedContract } from "../contract/registry.ts";
import { ArgumentError } from "./results.ts";
import { editDistance } from "../contract/edit-distance.ts";
import { show } from "../fixtures/check/validator.ts";

/** One contract of the registry with what `npm run api` generated from it. */
export interface LoadedContract {
  entry: NamedContract;
  manifest: Manifest;
  contract: ContractSchemas;
  /** Changes whenever the generated files do: what caches built on them are keyed by. */
  stamp: string;
}

function stampOf(root: string, entry: NamedContract): string | undefined {
  const files = (["manifest.json", "contract.json"] as const).map((file) => generatedPath(root, file, entry.generated));
  if (!files.every((file) => existsSync(file))) return undefined;
  return files.map((file) => `${statSync(file).mtimeMs}:${statSync(file).size}`).join(" ");
}

/** The registry's contracts, read on demand and kept until their generated files change. */
export function createContractReader(root: string) {
  const entries = contractList(registry);
  /** The product's contract: what a tool reads when no contract is named. */
  const product = entries.find((each) => each.role === "product")?.name ?? "product";
  const cache = new Map<string, LoadedContract>();

  function entry(name: string): NamedContract {
    const found = entries.find((each) => each.name === name);
    if (!found)
      throw new ArgumentError(
        "contract",
        `the registry (contracts.config.ts) has no contract named ${JSON.stringify(name)}; ` +
          `its contracts are ${entries.map((each) => each.name).join(", ")}.`,
      );
    return found;
  }

  /** A contract's generated files, or undefined when `npm run api` has not generated them yet. */
  function tryLoad(name: string): LoadedContract | undefined {
    const named = entry(name);
    const stamp = stampOf(root, named);
    if (stamp === undefined) return undefined;
    const cached = cache.get(name);
    if (cached?.stamp === stamp) return cached;
    const loaded = {
      entry: named,
      manifest: readManifest(root, named.generated),
      contract: readContract(root, named.generated),
      stamp,
    };
    cache.set(name, loaded);
    return loaded;
  }

  function load(name: string): LoadedContract {
    const loaded = tryLoad(name);
    if (!loaded)
      throw new ArgumentError(
        "contract",
        `${name}'s generated files are missing from ${entry(name).generated}/; run the regenerate tool (or \`npm run api\`) first.`,
      );
    return loaded;
  }

  /** Every contract whose generated files are present, in the registry's order. */
  function all(): LoadedContract[] {
    return entries.flatMap((each) => tryLoad(each.name) ?? []);
  }

  /** The operation `operationId` names, in `contract`, else in the one contract that has it. */
  function find(operationId: string, contract?: string) {
    const candidates = contract === undefined ? all() : [load(contract)];
    const found = candidates.flatMap((loaded) => {
      const operation = loaded.manifest.operations.find((each) => each.operationId === operationId);
      return operation ? [{ loaded, operation }] : [];
    });
    if (found.length === 1 && found[0]) return found[0];
    if (found.length > 1) {
      const names = found.map((each) => each.loaded.entry.name).join(", ");
      throw new ArgumentError("contract", `${JSON.stringify(operationId)} is an operation of ${names}: name one.`);
    }
    const wanted = operationId.toLowerCase();
    const most = Math.max(2, Math.floor(wanted.length / 4));
    const near = candidates
      .flatMap((loaded) => loaded.manifest.operations.map((each) => each.operationId))
      .flatMap((id) => {
        const lower = id.toLowerCase();
        if (lower.includes(wanted)) return [{ id, distance: 0 }];
        // Two texts are at least their lengths' difference apart: skipping those bounds the cost of a huge argument.
        if (Math.abs(lower.length - wanted.length) > most) return [];
        return [{ id, distance: editDistance(lower, wanted) }];
      })
      .filter(({ distance }) => distance <= most)
      .sort((a, b) => a.distance - b.distance)
      .map(({ id }) => id)
      .filter((id, index, ids) => ids.indexOf(id) === index)
      .slice(0, 5);
    const where = contract === undefined ? "any contract of the registry" : `the ${contract} contract`;
    throw new ArgumentError(
      "operationId",
      `${where} has no operation ${show(operationId)}` +
        (near.length > 0 ? `; did you mean ${near.join(", ")}?` : "; list_operations lists them."),
    );
  }

  function types(loaded: LoadedContract): string {
    const file = join(root, loaded.entry.generated, "schema.d.ts");
    return existsSync(file) ? readFileSync(file, "utf8") : "";
  }

  return { entries, product, entry, load, tryLoad, all, find, types };
}

export type ContractReader = ReturnType<typeof createContractReader>;

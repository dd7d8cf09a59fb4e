// What the server answers for: a registry entry, its generated files, and the security schemes they do not keep.
import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import registry from "../contract/app-registry.ts";
import type { Manifest } from "@contract-workbench/runtime/manifest";
import type { ContractSchemas } from "../contract/contract-types.ts";
import { generatedPath, readContract, readManifest } from "../contract/generated.ts";
import { isRecord } from "../contract/records.ts";
import { contractList, productContract, type NamedContract } from "../contract/registry.ts";
import { UsageError } from "./options.ts";

/** A security scheme as far as telling whether a request carries it goes. */
export type SecurityScheme =
  | { type: "apiKey"; in: "header" | "query" | "cookie"; name: string }
  | { type: "http"; scheme: string }
  | { type: "oauth2" | "openIdConnect" | "mutualTLS" | "unknown" };

export interface ServedContract {
  entry: NamedContract;
  manifest: Manifest;
  contract: ContractSchemas;
  schemes: ReadonlyMap<string, SecurityScheme>;
  /** The files whose change means the contract was regenerated. */
  files: string[];
}

const ENTRY_NAMES = ["openapi.yaml", "openapi.yml", "openapi.json"];

/** The registry's entry `name` names (the product's when undefined); a usage error listing them otherwise. */
export function registryEntry(name: string | undefined): NamedContract {
  if (name === undefined) return productContract(registry);
  const entries = contractList(registry);
  const found = entries.find((each) => each.name === name);
  if (!found) {
    const names = entries.map((each) => each.name).join(", ");
    throw new UsageError(`--contract ${name}: contracts.config.ts has no such contract; its contracts are ${names}.`);
  }
  return found;
}

function schemeOf(value: unknown): SecurityScheme {
  if (!isRecord(value)) return { type: "unknown" };
  if (value.type === "apiKey" && typeof value.name === "string") {
    const place = value.in === "query" || value.in === "cookie" ? value.in : "header";
    return { type: "apiKey", in: place, name: value.name };
  }
  if (value.type === "http" && typeof value.scheme === "string") return { type: "http", scheme: value.scheme };
  if (value.type === "oauth2" || value.type === "openIdConnect" || value.type === "mutualTLS")
    return { type: value.type };
  return { type: "unknown" };
}

/** A document as the generator read it (YAML, of which JSON is a part); a `.json` file as JSON first, far faster. */
export function readDocument(text: string, file: string): unknown {
  if (file.endsWith(".json")) {
    try {
      return JSON.parse(text);
    } catch {
      // Not strict JSON (a comment, a trailing comma): YAML reads it, as the generator's reader did.
    }
  }
  return parse(text);
}

/** The schemes the entry document declares inline (a `$ref`'d scheme is `unknown`: any credential will do). */
function readSchemes(root: string, entry: NamedContract): Map<string, SecurityScheme> {
  const source = join(root, entry.source);
  const file =
    existsSync(source) && statSync(source).isFile()
      ? source
      : ENTRY_NAMES.map((name) => join(source, name)).find((each) => existsSync(each));
  if (file === undefined) return new Map();
  const document = readDocument(readFileSync(file, "utf8"), file);
  const declared = isRecord(document) && isRecord(document.components) ? document.components.securitySchemes : {};
  // Swagger 2's, for a contract the generator converted.
  const legacy = isRecord(document) ? document.securityDefinitions : undefined;
  const all = { ...(isRecord(legacy) ? legacy : {}), ...(isRecord(declared) ? declared : {}) };
  return new Map(Object.entries(all).map(([name, value]) => [name, schemeOf(value)]));
}

/** The registry's contract `name` and its generated files; a usage error when unknown or not generated yet. */
export function loadServedContract(root: string, name: string | undefined): ServedContract {
  const entry = registryEntry(name);
  const files = (["manifest.json", "contract.json"] as const).map((file) => generatedPath(root, file, entry.generated));
  if (!files.every((file) => existsSync(file)))
    throw new UsageError(
      `${entry.name}'s generated files are missing from ${entry.generated}/; run \`npm run api\` first.`,
    );
  return {
    entry,
    manifest: readManifest(root, entry.generated),
    contract: readContract(root, entry.generated),
    schemes: readSchemes(root, entry),
    files,
  };
}

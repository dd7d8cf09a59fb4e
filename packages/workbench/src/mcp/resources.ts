// The resources. Files are read only inside the contract's folder, links resolved; a long text comes in parts.
import { existsSync, readFileSync, realpathSync, statSync } from "node:fs";
import { dirname, isAbsolute, join, relative, sep } from "node:path";
import type { NamedContract } from "../contract/registry.ts";
import { generatedPath } from "../contract/generated.ts";
import { ArgumentError } from "./results.ts";

/** Characters of one part of a long text; the parts are cut at line ends. */
export const PART_CHARS = 100_000;

/** Where `file` is, when it is inside `folder` (both resolved through links); undefined otherwise. */
function inside(folder: string, file: string): string | undefined {
  if (!existsSync(file)) return undefined;
  const real = realpathSync(file);
  const realFolder = realpathSync(folder);
  const path = relative(realFolder, real);
  return path !== "" && !path.startsWith("..") && !isAbsolute(path) && statSync(real).isFile() ? real : undefined;
}

/** The folder a contract's files are in: the source when it is a folder, else the folder holding it. */
export function contractFolder(entry: NamedContract): string {
  return /\.(ya?ml|json)$/.test(entry.source) ? dirname(entry.source) : entry.source;
}

/** The repository-relative path of a contract's entry file (openapi/openapi.yaml). */
export async function documentFile(root: string, entry: NamedContract): Promise<string> {
  // The generator's own rule for the entry file; it loads the generator, so only when asked.
  const { findEntry } = await import("../codegen/generate.ts");
  try {
    return findEntry(root, entry.source);
  } catch {
    throw new ArgumentError("name", `${entry.name}'s document is missing from ${entry.source}.`);
  }
}

/** One of a contract's files (YAML or JSON), by its path inside the contract's folder; nothing outside it. */
export function contractFile(root: string, entry: NamedContract, path: string): string {
  const folder = join(root, contractFolder(entry));
  const document = /\.(ya?ml|json)$/.test(path) && !path.includes("\0");
  const found = document ? inside(folder, join(folder, path)) : undefined;
  if (found === undefined)
    throw new ArgumentError(
      "path",
      `${JSON.stringify(path)} is not a file of the ${entry.name} contract (its YAML and JSON files are read inside ${contractFolder(entry)}/ only).`,
    );
  return relative(realpathSync(root), found).split(sep).join("/");
}

/** The part `part` (from 1) of a text cut into parts of about PART_CHARS at line ends, and how many there are. */
export function textPart(text: string, part: number): { text: string; part: number; parts: number } {
  const parts: string[] = [];
  let start = 0;
  while (start < text.length) {
    let end = Math.min(text.length, start + PART_CHARS);
    if (end < text.length) {
      const newline = text.lastIndexOf("\n", end);
      if (newline > start) end = newline + 1;
    }
    parts.push(text.slice(start, end));
    start = end;
  }
  if (parts.length === 0) parts.push("");
  if (!Number.isInteger(part) || part < 1 || part > parts.length)
    throw new ArgumentError("part", `${part} is not a part of this text; it has parts 1 to ${parts.length}.`);
  return { text: parts[part - 1] ?? "", part, parts: parts.length };
}

export function readText(root: string, file: string): string {
  return readFileSync(join(root, file), "utf8");
}

export function manifestFile(root: string, entry: NamedContract): string {
  return relative(root, generatedPath(root, "manifest.json", entry.generated))
    .split(sep)
    .join("/");
}

export function mimeTypeOf(file: string): string {
  return file.endsWith(".json") ? "application/json" : /\.ya?ml$/.test(file) ? "application/yaml" : "text/plain";
}

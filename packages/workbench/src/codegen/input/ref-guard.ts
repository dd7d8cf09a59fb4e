// A `$ref` to `/proc/self/environ`, `../../.env` or `https://…` would be published in the generated files.
import { BaseResolver, type Document, Source } from "@redocly/openapi-core";
import { locate, markJson, parsedAsJson } from "./locate.ts";
import { createHash } from "node:crypto";
import { existsSync, realpathSync, statSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { isAbsolute, relative, sep } from "node:path";
import { pointerOf } from "../../contract/pointer.ts";
import { ContractError, type Problem } from "./contract-error.ts";
import { deepBracket, deeperThan, inspectTree, LIMITS } from "./limits.ts";

const FLATTEN_FIX = "flatten the structure: name the inner schemas under components/schemas and refer to them.";
const VENDOR_FIX =
  "copy the file into the contract's folder (vendor it) and refer to it with a relative path such as ./schemas/thing.yaml.";

/** Why a reference may not be followed, or undefined when it stays in the folder. */
export function refusal(ref: string, resolved: string, folder: string): string | undefined {
  if (/^[a-z][a-z0-9+.-]*:/i.test(ref)) {
    return /^https?:/i.test(ref)
      ? "is a remote reference: a contract may not reach the network; nothing was fetched."
      : `is a URL (${ref.slice(0, ref.indexOf(":") + 1)}): only relative file paths are followed; it was not read.`;
  }
  if (isAbsolute(ref) || ref.startsWith("\\")) {
    return "is an absolute path: only files inside the contract's folder are read; it was not read.";
  }
  return escape(resolved, folder);
}

/** Why an absolute file path is outside `folder` (lexically or through a symbolic link), if it is. */
function escape(path: string, folder: string): string | undefined {
  if (!inside(path, folder)) return "leaves the contract's folder: it was not read.";
  if (existsSync(path) && !inside(realpathSync(path), realpathSync(folder))) {
    return "is a symbolic link to a file outside the contract's folder: it was not read.";
  }
  return undefined;
}

function inside(path: string, folder: string): boolean {
  const rest = relative(folder, path);
  return rest !== "" && !rest.startsWith(`..${sep}`) && rest !== ".." && !isAbsolute(rest);
}

/** The file part of a `$ref`, split as Redocly splits it; null for a reference inside the same file. */
export function refFile(ref: string): string | null {
  const [uri = ""] = ref.split("#/");
  const file = uri.endsWith("#") ? uri.slice(0, -1) : uri;
  return file === "" ? null : file;
}

/** Redocly's resolver, confined to `folder` and bounded by `LIMITS`; JSON parsed by the far faster `JSON.parse`. */
export class ContractResolver extends BaseResolver {
  readonly root: string;
  readonly folder: string;
  /** Each file read (absolute path) → a SHA-256 of its bytes as read, for the regeneration stamp. */
  readonly hashes = new Map<string, string>();

  constructor(config: ConstructorParameters<typeof BaseResolver>[0], root: string, folder: string) {
    super(config);
    this.root = root;
    this.folder = folder;
  }

  override async loadExternalRef(absoluteRef: string): Promise<Source> {
    const why = /^[a-z][a-z0-9+.-]*:/i.test(absoluteRef)
      ? "is a URL: a contract may not reach the network."
      : escape(absoluteRef, this.folder);
    if (why !== undefined) throw new Error(`${absoluteRef} ${why}`);
    if (existsSync(absoluteRef) && statSync(absoluteRef).size > LIMITS.fileBytes) {
      const megabytes = (statSync(absoluteRef).size / 2 ** 20).toFixed(0);
      throw new ContractError([
        {
          severity: "error",
          file: relative(this.root, absoluteRef),
          message: `the file is ${megabytes} MB, more than the ${LIMITS.fileBytes / 2 ** 20} MB a contract file may be; it was not read.`,
          fix: "split the contract into several files referenced with `$ref`.",
        },
      ]);
    }
    const bytes = await readFile(absoluteRef).catch(() => undefined);
    if (bytes === undefined) return super.loadExternalRef(absoluteRef); // Redocly words the failure (a folder, a missing file)
    // Read as Redocly reads it, but as bytes first: hashing them is cheaper than hashing the text.
    this.hashes.set(absoluteRef, createHash("sha256").update(bytes).digest("hex"));
    return new Source(absoluteRef, bytes.toString("utf8").replace(/\r\n/g, "\n"));
  }

  override parseDocument(source: Source, isRoot = false): Document {
    const file = relative(this.root, source.absoluteRef);
    const body = source.body;
    const json = source.absoluteRef.endsWith(".json") || /^\s*[{[]/.test(body);
    const tooDeep = (message = `nesting deeper than ${LIMITS.depth} levels; stopped here.`) =>
      new ContractError([{ severity: "error", file, ...depthPosition(source), message, fix: FLATTEN_FIX }]);
    if (json) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(body) as unknown;
      } catch (error) {
        // V8 says where ("(line 2 column 10)"); a YAML file that starts with `{` is the YAML parser's to judge.
        const text = error instanceof Error ? error.message : String(error);
        const at = /(?:at position \d+ )?\(line (\d+) column (\d+)\)/.exec(text);
        if (at && source.absoluteRef.endsWith(".json")) {
          throw new ContractError([
            {
              severity: "error",
              file,
              line: Number(at[1]),
              column: Number(at[2]),
              message: `syntax error: ${text.replace(at[0], "").trim()}`,
              fix: "fix the JSON syntax here (a missing or extra comma, quote or bracket).",
            },
          ]);
        }
        // Flow-style YAML: its brackets are its nesting, counted before its (recursive) parser runs.
        if (deepBracket(body, LIMITS.depth) !== undefined) throw tooDeep();
      }
      if (parsed !== undefined) {
        // V8's JSON.parse survives any depth: measured on what it made, before anything recursive reads it.
        if (deeperThan(parsed, LIMITS.depth)) throw tooDeep();
        markJson(source);
        return { source, parsed };
      }
    }
    try {
      return super.parseDocument(source, isRoot);
    } catch (error) {
      // Block-style nesting the bracket scan cannot see: located at the deepest line.
      if (error instanceof RangeError)
        throw tooDeep(`nesting too deep to parse (the limit is ${LIMITS.depth} levels).`);
      throw error;
    }
  }
}

function deepestLine(text: string): { line: number; column: number } {
  let best = { line: 1, column: 1 };
  text.split("\n").forEach((row, index) => {
    const column = row.length - row.trimStart().length + 1;
    if (row.trim() !== "" && column > best.column) best = { line: index + 1, column };
  });
  return best;
}

/** Reads the contract's files before any linter or bundler: `$ref`s and `externalValue`s confined, files limited,
 * refusals located at their `$ref`, the files read left in the resolver's cache. */
export async function scanContract(
  resolver: ContractResolver,
  entry: Document,
): Promise<{ problems: Problem[]; documents: Document[] }> {
  const problems: Problem[] = [];
  const queued = new Set<string>([entry.source.absoluteRef]);
  const queue: Document[] = [entry];
  const documents: Document[] = [];
  for (let document = queue.shift(); document !== undefined; document = queue.shift()) {
    documents.push(document);
    const source = document.source;
    const file = relative(resolver.root, source.absoluteRef);
    const refs: Array<{ pointer: string; key: string; ref: string; node: Record<string, unknown> }> = [];
    const broken = inspectTree(
      document.parsed,
      (node, path) => {
        for (const key of ["$ref", "externalValue"]) {
          const ref = node[key];
          if (typeof ref === "string") refs.push({ pointer: `${pointerOf(path)}/${key}`, key, ref, node });
        }
      },
      LIMITS,
      !parsedAsJson(source),
    );
    if (broken !== undefined) {
      problems.push({
        severity: "error",
        file,
        ...(broken.kind === "depth" ? depthPosition(source) : aliasPosition(source, broken.pointer)),
        message: broken.message,
        fix:
          broken.kind === "depth"
            ? FLATTEN_FIX
            : "write the repeated part once under components and refer to it with `$ref` instead of YAML aliases.",
      });
      continue;
    }
    for (const { pointer, key, ref, node } of refs) {
      const target = refFile(ref);
      if (target === null) continue;
      const resolved = resolver.resolveExternalRef(source.absoluteRef, target);
      const why = refusal(target, resolved, resolver.folder);
      if (why !== undefined) {
        // An `externalValue` is only an example's, left out unread; a `$ref` is what the contract means.
        const example = key === "externalValue";
        problems.push({
          severity: example ? "warning" : "error",
          file,
          ...locate(source, pointer),
          message: `${key} ${JSON.stringify(ref)} ${why}${example ? " The example is left out." : ""}`,
          fix: VENDOR_FIX,
          ...(example ? { rule: "external-example", pointer: `#${pointer}` } : {}),
        });
        // Out of the tree the bundler and the linter read next, which would follow it as a `$ref`.
        if (example) delete node.externalValue;
        continue;
      }
      if (queued.has(resolved)) continue;
      queued.add(resolved);
      if (queued.size > LIMITS.files) {
        problems.push({
          severity: "error",
          file,
          ...locate(source, pointer),
          message: `the contract reaches more than ${LIMITS.files} files; stopped here.`,
          fix: "merge small files: a contract may consist of that many files at most.",
        });
        return { problems, documents };
      }
      try {
        const next = await resolver.resolveDocument(source.absoluteRef, target);
        if ("parsed" in next) queue.push(next);
      } catch (error) {
        // A missing file or a syntax error is the linter's to report; a whole-file problem (its size) is said at the `$ref`.
        if (error instanceof ContractError) {
          for (const problem of error.problems) {
            const whole = problem.line === undefined;
            const message = `${key} ${JSON.stringify(ref)}: ${problem.message}`;
            problems.push(whole ? { ...problem, file, ...locate(source, pointer), message } : problem);
          }
        }
      }
    }
  }
  return { problems, documents };
}

/** Where an alias is used: the syntax tree places it at its name, one column after the `*`. */
function aliasPosition(source: Source, pointer: string): { line?: number; column?: number } {
  const at = locate(source, pointer);
  if (at.line === undefined || at.column === undefined) return at;
  const star = source.getLines()[at.line - 1]?.[at.column - 2] === "*";
  return star ? { line: at.line, column: at.column - 1 } : at;
}

/** Where a too-deep document first goes too deep, from its text (its syntax tree would overflow the stack). */
function depthPosition(source: Source): { line: number; column: number } {
  return deepBracket(source.body, LIMITS.depth) ?? deepestLine(source.body);
}

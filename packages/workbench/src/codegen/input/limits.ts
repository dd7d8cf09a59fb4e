import { pointerOf, type PathStep } from "../../contract/pointer.ts";
import { closingQuote } from "./json-offsets.ts";

export const LIMITS = {
  /** Bytes of one contract file, checked before it is read. */
  fileBytes: 64 * 1024 * 1024,
  /** Files one contract may consist of (the entry and every file its `$ref`s reach). */
  files: 10_000,
  /** Nesting depth of objects and arrays in any file. */
  depth: 500,
  /** Nodes that YAML aliases (`*name`) add when expanded: a few nested anchors expand to billions. */
  aliasNodes: 100_000,
} as const;

/** A line and column, both 1-based. */
export interface Position {
  line: number;
  column: number;
}

export function positionAt(text: string, offset: number): Position {
  let line = 1;
  let start = 0;
  for (let index = text.indexOf("\n"); index !== -1 && index < offset; index = text.indexOf("\n", index + 1)) {
    line++;
    start = index + 1;
  }
  return { line, column: offset - start + 1 };
}

/** Where bracket nesting (JSON, YAML's flow style) first goes deeper than `limit`, without a parser's stack. */
export function deepBracket(text: string, limit: number): Position | undefined {
  let depth = 0;
  // Character codes and indexOf, not one-character strings: this reads every byte of the file.
  for (let index = 0; index < text.length; index++) {
    switch (text.charCodeAt(index)) {
      case DOUBLE_QUOTE:
        index = endOr(text, closingQuote(text, index));
        break;
      case SINGLE_QUOTE:
        index = endOr(text, text.indexOf("'", index + 1));
        break;
      case HASH:
        if (index === 0 || /\s/.test(text[index - 1] ?? "")) index = endOr(text, text.indexOf("\n", index));
        break;
      case OPEN_BRACE:
      case OPEN_BRACKET:
        depth++;
        if (depth > limit) return positionAt(text, index);
        break;
      case CLOSE_BRACE:
      case CLOSE_BRACKET:
        if (depth > 0) depth--;
        break;
    }
  }
  return undefined;
}

const DOUBLE_QUOTE = 0x22;
const SINGLE_QUOTE = 0x27;
const HASH = 0x23;
const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;

/** `found`, or the end of the text when it is -1 (an unterminated string or comment runs to the end). */
function endOr(text: string, found: number): number {
  return found === -1 ? text.length : found;
}

/** Whether a parsed value nests deeper than `limit` (the root is level 1), found without recursion. */
export function deeperThan(root: unknown, limit: number): boolean {
  const stack: Array<{ node: unknown; depth: number }> = [{ node: root, depth: 1 }];
  for (let top = stack.pop(); top !== undefined; top = stack.pop()) {
    const { node, depth } = top;
    if (typeof node !== "object" || node === null) continue;
    if (depth > limit) return true;
    for (const value of Array.isArray(node) ? node : Object.values(node)) {
      if (typeof value === "object" && value !== null) stack.push({ node: value, depth: depth + 1 });
    }
  }
  return false;
}

/** What `inspectTree` found wrong, at a JSON pointer of the parsed document. */
export interface TreeLimit {
  kind: "depth" | "aliases" | "cycle";
  pointer: string;
  message: string;
}

/** A node of a parsed document met again: only YAML aliases share nodes (JSON.parse never does). */
type Node = object;

/** Nodes of a subtree counted as if every alias in it were expanded (memoized, no recursion). */
function expandedSize(root: Node, memo: Map<Node, number>): number {
  const stack: Array<{ node: Node; done: boolean }> = [{ node: root, done: false }];
  while (stack.length > 0) {
    const top = stack.pop();
    if (top === undefined || memo.has(top.node)) continue;
    const kids = (Array.isArray(top.node) ? top.node : Object.values(top.node)).filter(isNode);
    if (top.done) {
      let size = 1;
      for (const child of kids) size += memo.get(child) ?? 1;
      memo.set(top.node, Math.min(size, Number.MAX_SAFE_INTEGER));
    } else {
      stack.push({ node: top.node, done: true });
      for (const child of kids) if (!memo.has(child)) stack.push({ node: child, done: false });
    }
  }
  return memo.get(root) ?? 1;
}

function isNode(value: unknown): value is Node {
  return typeof value === "object" && value !== null;
}

/** The first limit a parsed document breaks, walked without recursion; `visit` sees each object node once. */
export function inspectTree(
  root: unknown,
  visit: (node: Record<string, unknown>, path: PathStep | undefined) => void,
  limits: { depth: number; aliasNodes: number } = LIMITS,
  aliases = true,
): TreeLimit | undefined {
  if (!isNode(root)) return undefined;
  const seen = new Set<Node>();
  const open = new Set<Node>();
  const memo = new Map<Node, number>();
  let aliasNodes = 0;
  const broken = (kind: TreeLimit["kind"], path: PathStep | undefined, message: string): TreeLimit => ({
    kind,
    pointer: pointerOf(path),
    message,
  });
  const stack: Array<{ node: Node; path: PathStep | undefined; depth: number; exit: boolean }> = [
    { node: root, path: undefined, depth: 1, exit: false },
  ];
  while (stack.length > 0) {
    const frame = stack.pop();
    if (frame === undefined) break;
    const { node, path, depth } = frame;
    if (frame.exit) {
      open.delete(node);
      continue;
    }
    if (aliases && open.has(node))
      return broken("cycle", path, "a YAML alias refers to a node that contains it (a cycle).");
    if (aliases && seen.has(node)) {
      aliasNodes += expandedSize(node, memo);
      if (aliasNodes > limits.aliasNodes) {
        const most = `more than ${limits.aliasNodes.toLocaleString("en")} nodes`;
        return broken("aliases", path, `YAML aliases expand to ${most} (an alias bomb?); stopped here.`);
      }
      continue;
    }
    if (depth > limits.depth) return broken("depth", path, `nesting deeper than ${limits.depth} levels; stopped here.`);
    if (aliases) {
      seen.add(node);
      open.add(node);
      stack.push({ node, path, depth, exit: true });
    }
    // Keys and values read in place, not as entries: a large description has a million nodes.
    const array = Array.isArray(node);
    if (!array) visit(node as Record<string, unknown>, path);
    const keys = array ? undefined : Object.keys(node);
    for (let index = (keys ?? (node as unknown[])).length - 1; index >= 0; index--) {
      const key = keys === undefined ? String(index) : (keys[index] ?? "");
      const value: unknown = (node as Record<string, unknown>)[key];
      if (isNode(value)) stack.push({ node: value, path: { key, parent: path }, depth: depth + 1, exit: false });
    }
  }
  return undefined;
}

/**
 * The bounds `npm run api` puts on any contract, so that no document (hostile or
 * merely huge) can hang it, overflow its stack or make it write a giant output.
 * Each limit is far above what real public contracts need (GitHub's 13 MB description
 * nests 21 levels deep and uses no YAML aliases) and is stated in the README.
 */
import { escapeSegment } from "../contract/pointer.ts";

export const LIMITS = {
  /** Bytes of one contract file, checked before it is read. */
  fileBytes: 64 * 1024 * 1024,
  /** Files one contract may consist of (the entry and every file its `$ref`s reach); DigitalOcean's has 2,907. */
  files: 10_000,
  /** Nesting depth of objects and arrays in any file. */
  depth: 500,
  /**
   * Nodes that YAML aliases (`*name`) add when expanded: an alias is a copy of its
   * anchored node, so ten nested anchors in 600 bytes expand to billions of nodes.
   */
  aliasNodes: 100_000,
} as const;

/** A line and column, both 1-based. */
export interface Position {
  line: number;
  column: number;
}

/** The 1-based line and column of a character offset in a text. */
export function positionAt(text: string, offset: number): Position {
  let line = 1;
  let start = 0;
  for (let index = text.indexOf("\n"); index !== -1 && index < offset; index = text.indexOf("\n", index + 1)) {
    line++;
    start = index + 1;
  }
  return { line, column: offset - start + 1 };
}

/**
 * Where bracket nesting (`{`/`[`, outside quoted strings and comments) first goes
 * deeper than `limit`, found without parsing: a parser would overflow its stack on
 * the input this looks for. Covers JSON and YAML's flow style.
 *
 * @example
 * deepBracket("[[[1]]]", 2); // { line: 1, column: 3 }
 */
export function deepBracket(text: string, limit: number): Position | undefined {
  let depth = 0;
  let quote = "";
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (quote) {
      if (char === "\\" && quote === '"') index++;
      else if (char === quote) quote = "";
      continue;
    }
    if (char === '"' || char === "'") quote = char;
    else if (char === "#" && (index === 0 || /\s/.test(text[index - 1] ?? ""))) {
      const end = text.indexOf("\n", index);
      index = end === -1 ? text.length : end;
    } else if (char === "{" || char === "[") {
      depth++;
      if (depth > limit) return positionAt(text, index);
    } else if (char === "}" || char === "]") depth = Math.max(0, depth - 1);
  }
  return undefined;
}

/** What `inspectTree` found wrong, at a JSON pointer of the parsed document. */
export interface TreeLimit {
  kind: "depth" | "aliases" | "cycle";
  pointer: string;
  message: string;
}

/** A node of a parsed document met again: only YAML aliases share nodes (JSON.parse never does). */
type Node = object;

function children(node: Node): Array<[string, unknown]> {
  return Array.isArray(node) ? node.map((item, index) => [String(index), item]) : Object.entries(node);
}

/** Nodes of a subtree counted as if every alias in it were expanded (memoized, no recursion). */
function expandedSize(root: Node, memo: Map<Node, number>): number {
  const stack: Array<{ node: Node; done: boolean }> = [{ node: root, done: false }];
  while (stack.length > 0) {
    const top = stack.pop();
    if (top === undefined || memo.has(top.node)) continue;
    const kids = children(top.node).filter((entry): entry is [string, Node] => isNode(entry[1]));
    if (top.done) {
      let size = 1;
      for (const [, child] of kids) size += memo.get(child) ?? 1;
      memo.set(top.node, Math.min(size, Number.MAX_SAFE_INTEGER));
    } else {
      stack.push({ node: top.node, done: true });
      for (const [, child] of kids) if (!memo.has(child)) stack.push({ node: child, done: false });
    }
  }
  return memo.get(root) ?? 1;
}

function isNode(value: unknown): value is Node {
  return typeof value === "object" && value !== null;
}

/**
 * Walks a parsed document without recursion and reports the first limit it breaks:
 * nesting deeper than `LIMITS.depth`, YAML aliases expanding to more than
 * `LIMITS.aliasNodes` nodes, or an alias inside its own anchor (a cycle). Calls
 * `visit` once per object node (shared nodes once), for the `$ref` scan.
 *
 * @example
 * inspectTree(JSON.parse('{"a":{"b":1}}'), () => {}); // undefined: within every limit
 */
export function inspectTree(
  root: unknown,
  visit: (node: Record<string, unknown>, pointer: string) => void,
  limits: { depth: number; aliasNodes: number } = LIMITS,
): TreeLimit | undefined {
  if (!isNode(root)) return undefined;
  const seen = new Set<Node>();
  const open = new Set<Node>();
  const memo = new Map<Node, number>();
  let aliasNodes = 0;
  const stack: Array<{ node: Node; pointer: string; depth: number; exit: boolean }> = [
    { node: root, pointer: "", depth: 1, exit: false },
  ];
  while (stack.length > 0) {
    const frame = stack.pop();
    if (frame === undefined) break;
    const { node, pointer, depth } = frame;
    if (frame.exit) {
      open.delete(node);
      continue;
    }
    if (open.has(node)) {
      return { kind: "cycle", pointer, message: "a YAML alias refers to a node that contains it (a cycle)." };
    }
    if (seen.has(node)) {
      aliasNodes += expandedSize(node, memo);
      if (aliasNodes > limits.aliasNodes) {
        return {
          kind: "aliases",
          pointer,
          message: `YAML aliases expand to more than ${limits.aliasNodes.toLocaleString("en")} nodes (an alias bomb?); stopped here.`,
        };
      }
      continue;
    }
    if (depth > limits.depth) {
      return { kind: "depth", pointer, message: `nesting deeper than ${limits.depth} levels; stopped here.` };
    }
    seen.add(node);
    open.add(node);
    if (!Array.isArray(node)) visit(node as Record<string, unknown>, pointer);
    stack.push({ node, pointer, depth, exit: true });
    const kids = children(node);
    for (let index = kids.length - 1; index >= 0; index--) {
      const [key, value] = kids[index] ?? ["", undefined];
      if (isNode(value)) {
        stack.push({ node: value, pointer: `${pointer}/${escapeSegment(key)}`, depth: depth + 1, exit: false });
      }
    }
  }
  return undefined;
}

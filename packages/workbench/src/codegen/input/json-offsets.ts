// Only for text `JSON.parse` accepted: the scan trusts the syntax.

/** A member of a scanned object: where its key and its value start. */
interface Member {
  /** Undefined for an array's item, which has no key. */
  key: number | undefined;
  value: number;
}

/** A container scanned as far as a lookup needed, up to `next` (-1 once the closing bracket is reached). */
interface Container {
  members: Map<string, Member> | undefined;
  items: number[];
  close: number;
  next: number;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;

function isSpace(code: number): boolean {
  return code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09;
}

function skipSpace(text: string, at: number): number {
  let index = at;
  while (isSpace(text.charCodeAt(index))) index++;
  return index;
}

/** The offset of the `"` that closes the string opening at `open`, or -1 when the text ends first. */
export function closingQuote(text: string, open: number): number {
  for (let close = text.indexOf('"', open + 1); close !== -1; close = text.indexOf('"', close + 1)) {
    let backslashes = 0;
    while (text.charCodeAt(close - 1 - backslashes) === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return close;
  }
  return -1;
}

function skipString(text: string, at: number): number {
  const close = closingQuote(text, at);
  if (close === -1) throw new Error(`unterminated string at ${at}`);
  return close + 1;
}

function skipValue(text: string, at: number): number {
  const first = text.charCodeAt(at);
  if (first === QUOTE) return skipString(text, at);
  if (first !== 0x7b && first !== 0x5b) {
    // A number, true, false or null: up to the next delimiter.
    let index = at;
    for (let code = text.charCodeAt(index); index < text.length; code = text.charCodeAt(++index)) {
      if (code === 0x2c || code === 0x7d || code === 0x5d || isSpace(code)) break;
    }
    return index;
  }
  let depth = 0;
  let index = at;
  while (index < text.length) {
    const code = text.charCodeAt(index);
    if (code === QUOTE) {
      index = skipString(text, index);
      continue;
    }
    if (code === 0x7b || code === 0x5b) depth++;
    else if (code === 0x7d || code === 0x5d) {
      depth--;
      if (depth === 0) return index + 1;
    }
    index++;
  }
  throw new Error(`unterminated container at ${at}`);
}

/** The container that opens at `at`, nothing of it read yet; undefined for any other value. */
function openContainer(text: string, at: number): Container | undefined {
  const open = text.charCodeAt(at);
  if (open !== 0x7b && open !== 0x5b) return undefined;
  const close = open === 0x7b ? 0x7d : 0x5d;
  const first = skipSpace(text, at + 1);
  return {
    members: open === 0x7b ? new Map<string, Member>() : undefined,
    items: [],
    close,
    next: text.charCodeAt(first) === close ? -1 : first,
  };
}

function readNext(text: string, container: Container): void {
  let index = container.next;
  const { members } = container;
  if (members) {
    const key = index;
    const keyEnd = skipString(text, key);
    const raw = text.slice(key + 1, keyEnd - 1);
    const name = raw.includes("\\") ? (JSON.parse(`"${raw}"`) as string) : raw;
    index = skipSpace(text, keyEnd);
    if (text.charCodeAt(index) !== 0x3a) throw new Error(`expected ':' at ${index}`);
    const value = skipSpace(text, index + 1);
    // The first of duplicate keys, as Redocly's syntax tree finds it.
    if (!members.has(name)) members.set(name, { key, value });
    index = skipValue(text, value);
  } else {
    container.items.push(index);
    index = skipValue(text, index);
  }
  index = skipSpace(text, index);
  const code = text.charCodeAt(index);
  if (code === container.close) container.next = -1;
  else if (code !== 0x2c) throw new Error(`expected ',' at ${index}`);
  else container.next = skipSpace(text, index + 1);
}

/** The member named `segment` of an object (its first), or the item it numbers in an array, reading no further than it. */
function find(text: string, container: Container, segment: string): Member | undefined {
  const { members, items } = container;
  const position = members ? undefined : Number.parseInt(segment, 10);
  for (;;) {
    const found = members ? members.get(segment) : position === undefined ? undefined : items[position];
    if (found !== undefined) return typeof found === "number" ? { key: undefined, value: found } : found;
    if (container.next === -1) return undefined;
    readNext(text, container);
  }
}

/** Pointer segments → the offset of their node (its key's with `onKey`), as Redocly's `getAstNodeByPointer` finds it. */
export function jsonLocator(text: string): (segments: readonly string[], onKey: boolean) => number {
  const containers = new Map<number, Container | undefined>();
  const root = skipSpace(text, 0);
  return (segments, onKey) => {
    let node = root;
    let key: number | undefined;
    for (const segment of segments) {
      if (!containers.has(node)) containers.set(node, openContainer(text, node));
      const container = containers.get(node);
      const member = container === undefined ? undefined : find(text, container, segment);
      if (member === undefined) break;
      key = member.key;
      node = member.value;
    }
    return onKey && key !== undefined ? key : node;
  };
}

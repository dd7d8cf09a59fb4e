// Values read back from what ./write.ts writes, given the reading the caller's schema asks for (a list, an object,
// a scalar), which the text alone cannot tell. Leaves stay text unless the reader says how they read.
import {
  DELIMITERS,
  type Field,
  type FieldStyle,
  type Kind,
  type Reader,
  type StyleOptions,
  type TextStyle,
} from "./options.ts";

/** A field name's base and bracketed steps (`a[b][0]` → `a`, `["b", "0"]`), or undefined for a plain name. */
export function bracketedName(key: string): { name: string; steps: string[] } | undefined {
  const found = /^([^[\]]+)((?:\[[^\]]*\])+)$/.exec(key);
  if (!found) return undefined;
  return { name: found[1] ?? "", steps: [...(found[2] ?? "").matchAll(/\[([^\]]*)\]/g)].map((step) => step[1] ?? "") };
}

/** A value being nested back from bracketed fields: an array's items or an object's members, by step. */
class Built {
  readonly members = new Map<string, unknown>();
  next = 0;
  readonly array: boolean;
  constructor(array: boolean) {
    this.array = array;
  }
  finish(): unknown {
    const entries = [...this.members].map(([key, member]) => [key, member instanceof Built ? member.finish() : member]);
    if (this.array) return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, value]) => value);
    return Object.fromEntries(entries);
  }
}

const isIndex = (step: string) => step === "" || /^\d+$/.test(step);

const leafOf = (reader: Reader) => reader.leaf ?? ((text: string) => text);

/** `deepObject`'s fields nested back: a numeric (or empty) step under a possible array is an index. */
function readDeep(fields: ReadonlyArray<{ steps: readonly string[]; text: string }>, reader: Reader): unknown {
  const mayBeArray = (path: readonly string[], next: string | undefined) =>
    (reader.mayBeArray?.(path) ?? false) && isIndex(next ?? "");
  const root = new Built(mayBeArray([], fields[0]?.steps[0]));
  for (const { steps, text } of fields) {
    let node = root;
    const path: string[] = [];
    steps.forEach((step, index) => {
      const key = node.array && step === "" ? String(node.next++) : step;
      path.push(key);
      if (index === steps.length - 1) return node.members.set(key, leafOf(reader)(text, path));
      let child = node.members.get(key);
      if (!(child instanceof Built)) node.members.set(key, (child = new Built(mayBeArray(path, steps[index + 1]))));
      node = child as Built;
    });
  }
  return root.finish();
}

/** An object's members from the one text a style wrote it as, `name,value,name,value` (a trailing odd name is dropped). */
function pairs(parts: readonly string[]): Field[] {
  const found: Field[] = [];
  for (let index = 0; index + 1 < parts.length; index += 2) found.push([parts[index] ?? "", parts[index + 1] ?? ""]);
  return found;
}

/** `name=value` members, split at the first `=`. */
function assigned(parts: readonly string[]): Field[] {
  return parts.map((part): Field => {
    const at = part.indexOf("=");
    return at === -1 ? [part, ""] : [part.slice(0, at), part.slice(at + 1)];
  });
}

const list = (texts: readonly string[], reader: Reader) =>
  texts.map((text, index) => leafOf(reader)(text, [String(index)]));

const record = (members: readonly Field[], reader: Reader) =>
  Object.fromEntries(members.map(([key, text]) => [key, leafOf(reader)(text, [key])]));

/** A query's or form's fields read back as `kind`, the inverse of `writeFields`; undefined when none carries it. */
export function readFields(
  name: string,
  fields: readonly Field[],
  { style, explode }: StyleOptions<FieldStyle>,
  kind: Kind,
  reader: Reader = {},
): unknown {
  const under = (base: string) =>
    fields.flatMap(([key, text]) => {
      const found = bracketedName(key);
      return found?.name === base ? [{ steps: found.steps, text }] : [];
    });
  if (style === "deepObject") {
    const deep = under(name);
    if (deep.length > 0) return readDeep(deep, reader);
    // An object in `deepObject` is only ever its bracketed fields.
    if (kind === "object") return undefined;
  } else if (kind === "object" && explode) {
    const isMember = (key: string) => reader.isMember?.(key) ?? false;
    const members = fields.filter(([key]) => isMember(key));
    // A member that is a list or an object arrives bracketed under its own name (`Tags[0]=a`);
    // a field whose whole name is a member (`c.[]`) is that member, not a step under another.
    const nested = fields.flatMap(([key, text]) => {
      const found = isMember(key) ? undefined : bracketedName(key);
      return found !== undefined && isMember(found.name) ? [{ steps: [found.name, ...found.steps], text }] : [];
    });
    if (nested.length > 0)
      return readDeep([...members.map(([key, text]) => ({ steps: [key], text })), ...nested], reader);
    return members.length === 0 ? undefined : record(members, reader);
  } else if (kind === "array" && explode) {
    // A list of lists or objects arrives bracketed by index (`Tags[0][Key]=k`).
    const deep = under(name);
    const listed = (path: readonly string[]) => path.length === 0 || (reader.mayBeArray?.(path) ?? false);
    if (deep.length > 0) return readDeep(deep, { ...reader, mayBeArray: listed });
  }
  const own = fields.filter(([key]) => key === name).map(([, text]) => text);
  const joined = !explode && style !== "deepObject";
  if (own.length === 0) return undefined;
  if (kind === "array") return list(joined ? own.flatMap((text) => text.split(DELIMITERS[style])) : own, reader);
  if (kind === "object") return record(pairs((own[0] ?? "").split(DELIMITERS[style])), reader);
  return leafOf(reader)(own[0] ?? "", []);
}

/** The text after a style's prefix: `label`'s `.`, `matrix`'s `;name=`. */
function unprefixed(name: string, text: string, style: TextStyle): string {
  const prefix = style === "label" ? "." : style === "matrix" ? `;${name}=` : "";
  return text.startsWith(prefix) ? text.slice(prefix.length) : text;
}

/** A path segment's or header's text read back as `kind`, the inverse of `writeText`. */
export function readText(
  name: string,
  text: string,
  { style, explode }: StyleOptions<TextStyle>,
  kind: Kind,
  reader: Reader = {},
): unknown {
  if (kind === "scalar") return leafOf(reader)(unprefixed(name, text, style), []);
  // Exploded, `label` joins by `.` and `matrix` by `;` (each part `name=` again for a list).
  const joiner = !explode ? "," : style === "label" ? "." : style === "matrix" ? ";" : ",";
  const matrixParts = explode && style === "matrix";
  const parts = (matrixParts ? text.slice(1) : unprefixed(name, text, style)).split(joiner);
  if (kind === "array")
    return list(matrixParts ? parts.map((part) => unprefixed(name, `;${part}`, style)) : parts, reader);
  return record(explode ? assigned(parts) : pairs(parts), reader);
}

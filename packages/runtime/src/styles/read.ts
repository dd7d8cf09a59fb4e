// Values read back from what ./write.ts writes: the inverse of each style, given the
// reading the caller's schema asks for (a list, an object, a scalar), which the text alone
// cannot tell. Leaves stay text unless the reader says how they read.
import {
  DELIMITERS,
  type Field,
  type FieldStyle,
  type Kind,
  type Reader,
  type StyleOptions,
  type TextStyle,
} from "./options.ts";

/** `name[a][0][]`: the name and the steps in brackets. */
const BRACKETED = /^([^[\]]+)((?:\[[^\]]*\])+)$/;

/** A field name's base and bracketed steps (`a[b][0]` → `a`, `["b", "0"]`), or undefined for a plain name. */
export function bracketedName(key: string): { name: string; steps: string[] } | undefined {
  const found = BRACKETED.exec(key);
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
    const done = ([key, member]: [string, unknown]): [string, unknown] => [
      key,
      member instanceof Built ? member.finish() : member,
    ];
    if (this.array) return [...this.members].sort(([a], [b]) => Number(a) - Number(b)).map((entry) => done(entry)[1]);
    return Object.fromEntries([...this.members].map(done));
  }
}

const isIndex = (step: string) => step === "" || /^\d+$/.test(step);

/**
 * `deepObject`'s bracketed fields nested back into their value: a step that is a number (or
 * empty, the next index) under a value that may be an array is an index, any other a member.
 *
 * @example
 * readDeep([{ steps: ["0", "coupon"], text: "SPRING" }], { mayBeArray: (path) => path.length === 0 }); // [{ coupon: "SPRING" }]
 */
export function readDeep(
  fields: ReadonlyArray<{ steps: readonly string[]; text: string }>,
  reader: Reader = {},
): unknown {
  const mayBeArray = (path: readonly string[], next: string | undefined) =>
    (reader.mayBeArray?.(path) ?? false) && isIndex(next ?? "");
  const root = new Built(mayBeArray([], fields[0]?.steps[0]));
  for (const { steps, text } of fields) {
    let node = root;
    const path: string[] = [];
    steps.forEach((step, index) => {
      const key = node.array && step === "" ? String(node.next++) : step;
      path.push(key);
      if (index === steps.length - 1) {
        node.members.set(key, reader.leaf ? reader.leaf(text, path) : text);
        return;
      }
      let child = node.members.get(key);
      if (!(child instanceof Built)) {
        child = new Built(mayBeArray(path, steps[index + 1]));
        node.members.set(key, child);
      }
      node = child as Built;
    });
  }
  return root.finish();
}

/** A list's item texts: one per field when exploded (and in `deepObject`), else each field split by the style's delimiter. */
export function readItems(texts: readonly string[], { style, explode }: StyleOptions<FieldStyle>): string[] {
  return explode || style === "deepObject" ? [...texts] : texts.flatMap((text) => text.split(DELIMITERS[style]));
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

/** An object's members from the one field a non-exploded query or form style wrote. */
export function readPairs(text: string, style: FieldStyle): Field[] {
  return pairs(text.split(DELIMITERS[style]));
}

function list(texts: readonly string[], reader: Reader): unknown[] {
  return texts.map((text, index) => (reader.leaf ? reader.leaf(text, [String(index)]) : text));
}

function record(members: readonly Field[], reader: Reader): Record<string, unknown> {
  return Object.fromEntries(members.map(([key, text]) => [key, reader.leaf ? reader.leaf(text, [key]) : text]));
}

/**
 * A query's or form's fields read back as `kind`, the inverse of `writeFields`: undefined
 * when no field carries the value.
 *
 * @example
 * readFields("ids", [["ids", "1|2"]], { style: "pipeDelimited", explode: false }, "array"); // ["1", "2"]
 */
export function readFields(
  name: string,
  fields: readonly Field[],
  options: StyleOptions<FieldStyle>,
  kind: Kind,
  reader: Reader = {},
): unknown {
  if (options.style === "deepObject") {
    const deep = fields.flatMap(([key, text]) => {
      const found = bracketedName(key);
      return found?.name === name ? [{ steps: found.steps, text }] : [];
    });
    if (deep.length > 0) return readDeep(deep, reader);
    // An object in `deepObject` is only ever its bracketed fields.
    if (kind === "object") return undefined;
  }
  if (kind === "object" && options.explode && options.style !== "deepObject") {
    const members = fields.filter(([key]) => reader.isMember?.(key) ?? false);
    return members.length === 0 ? undefined : record(members, reader);
  }
  const own = fields.filter(([key]) => key === name).map(([, text]) => text);
  if (own.length === 0) return undefined;
  if (kind === "array") return list(readItems(own, options), reader);
  if (kind === "object") return record(readPairs(own[0] ?? "", options.style), reader);
  return reader.leaf ? reader.leaf(own[0] ?? "", []) : own[0];
}

/** The text after a style's prefix: `label`'s `.`, `matrix`'s `;name=`. */
function unprefixed(name: string, text: string, style: TextStyle): string {
  const prefix = style === "label" ? "." : style === "matrix" ? `;${name}=` : "";
  return text.startsWith(prefix) ? text.slice(prefix.length) : text;
}

/**
 * A path segment's or header's text read back as `kind`, the inverse of `writeText`.
 *
 * @example
 * readText("id", ";id=a;id=b", { style: "matrix", explode: true }, "array"); // ["a", "b"]
 */
export function readText(
  name: string,
  text: string,
  { style, explode }: StyleOptions<TextStyle>,
  kind: Kind,
  reader: Reader = {},
): unknown {
  if (kind === "scalar") {
    const scalar = unprefixed(name, text, style);
    return reader.leaf ? reader.leaf(scalar, []) : scalar;
  }
  // Exploded, `label` joins by `.` and `matrix` by `;` (each part `name=` again for a list).
  const joiner = !explode ? "," : style === "label" ? "." : style === "matrix" ? ";" : ",";
  const body = explode && style === "matrix" ? text.slice(1) : unprefixed(name, text, style);
  const parts = body.split(joiner);
  if (kind === "array")
    return list(
      explode && style === "matrix" ? parts.map((part) => unprefixed(name, `;${part}`, style)) : parts,
      reader,
    );
  return record(explode ? assigned(parts) : pairs(parts), reader);
}

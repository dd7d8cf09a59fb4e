/** Shortest and longest match of a pattern without groups or alternation; no longest without both anchors. */
export function patternLength(written: string): { min: number; max: number } | undefined {
  const pattern = caretAnchored(written);
  const start = pattern.startsWith("^");
  const end = pattern.endsWith("$") && !pattern.endsWith("\\$");
  const body = pattern.slice(start ? 1 : 0, end ? -1 : undefined);
  let min = 0;
  let max = 0;
  for (let index = 0; index < body.length;) {
    const char = body[index] ?? "";
    if ("()|^$".includes(char)) return undefined;
    // A word boundary (`\b[0-9a-f]{8}\b`) matches no character.
    if (char === "\\" && "bB".includes(body[index + 1] ?? "")) {
      index += 2;
      continue;
    }
    // One atom: an escape, a class or a single character.
    if (char === "\\") index += 2;
    else if (char === "[") {
      const close = body.indexOf("]", index + 2);
      if (close === -1) return undefined;
      index = close + 1;
    } else index += 1;
    const quantifier = /^(?:\{(\d+)(?:(,)(\d*))?\}|([?*+]))/.exec(body.slice(index));
    let low = 1;
    let high = 1;
    if (quantifier) {
      index += quantifier[0].length;
      if (quantifier[4] === "?") [low, high] = [0, 1];
      else if (quantifier[4] === "*") [low, high] = [0, Infinity];
      else if (quantifier[4] === "+") [low, high] = [1, Infinity];
      else {
        low = Number(quantifier[1]);
        high = quantifier[2] === undefined ? low : quantifier[3] === "" ? Infinity : Number(quantifier[3]);
      }
      if (body[index] === "?") index++; // lazy: same lengths
    }
    min += low;
    max += high;
  }
  return { min, max: start && end ? max : Infinity };
}

/** A `^` after a required character or `$` before one, as in `/^[0-9]{5}$/i` (patterns are not multiline). */
export function misplacedAnchor(pattern: string): string | undefined {
  const atoms: Array<"^" | "$" | "required" | "optional"> = [];
  for (let index = 0; index < pattern.length;) {
    const char = pattern[index] ?? "";
    let atom: "^" | "$" | "required" | "optional" = "required";
    if (char === "|") return undefined;
    if (char === "^" || char === "$") {
      atoms.push(char);
      index++;
      continue;
    }
    if (char === "\\") {
      if ("bB".includes(pattern[index + 1] ?? "")) atom = "optional";
      index += 2;
    } else if (char === "[" || char === "(") {
      const close = char === "[" ? classEnd(pattern, index) : groupEnd(pattern, index);
      if (close === undefined) return undefined;
      // A group may hold an alternation or match nothing: only a plain character is required.
      if (char === "(") atom = "optional";
      index = close + 1;
    } else index++;
    const quantifier = /^(?:\{(\d+)(?:,\d*)?\}|([?*+]))\??/.exec(pattern.slice(index));
    if (quantifier) {
      index += quantifier[0].length;
      if (quantifier[2] === "?" || quantifier[2] === "*" || quantifier[1] === "0") atom = "optional";
    }
    atoms.push(atom);
  }
  const start = atoms.findIndex((atom, at) => atom === "^" && atoms.slice(0, at).includes("required"));
  if (start !== -1) return "`^` after a character it requires";
  const end = atoms.findIndex((atom, at) => atom === "$" && atoms.slice(at + 1).includes("required"));
  return end === -1 ? undefined : "`$` before a character it requires";
}

/** Literal characters required at the top, in order; undefined for alternation, an open group or an unread escape. */
export function requiredCharacters(written: string): string[] | undefined {
  const pattern = caretAnchored(written);
  const found: string[] = [];
  for (let index = 0; index < pattern.length;) {
    const char = pattern[index] ?? "";
    let literal: string | undefined;
    if (char === "|" || char === ")") return undefined;
    if (char === "^" || char === "$") {
      index++;
      continue;
    }
    if (char === "\\") {
      const next = pattern[index + 1] ?? "";
      // A class or an anchor matches no one character; an escape that reads on (`\x41`, `\u{…}`,
      // `\p{L}`, a back-reference) is not followed further.
      if (/[0-9A-Za-z]/.test(next) && !"dDwWsSbBAzZnrtfv".includes(next)) return undefined;
      if (next !== "" && !/[0-9A-Za-z]/.test(next)) literal = next;
      index += 2;
    } else if (char === "[" || char === "(") {
      const close = char === "[" ? classEnd(pattern, index) : groupEnd(pattern, index);
      if (close === undefined) return undefined;
      index = close + 1;
    } else {
      if (char !== ".") literal = char;
      index++;
    }
    const quantifier = /^(?:\{(\d+)(?:,\d*)?\}|([?*+]))\??/.exec(pattern.slice(index));
    if (quantifier) index += quantifier[0].length;
    const optional = quantifier !== null && (quantifier[2] === "?" || quantifier[2] === "*" || quantifier[1] === "0");
    if (literal !== undefined && !optional) found.push(literal);
  }
  return found;
}

function classEnd(pattern: string, open: number): number | undefined {
  for (let index = open + 1; index < pattern.length; index++) {
    if (pattern[index] === "\\") index++;
    else if (pattern[index] === "]") return index;
  }
  return undefined;
}

function groupEnd(pattern: string, open: number): number | undefined {
  let depth = 0;
  for (let index = open; index < pattern.length; index++) {
    const char = pattern[index];
    if (char === "\\") index++;
    else if (char === "[") {
      const close = classEnd(pattern, index);
      if (close === undefined) return undefined;
      index = close;
    } else if (char === "(") depth++;
    else if (char === ")" && --depth === 0) return index;
  }
  return undefined;
}

/** Leading `\A`, trailing `\z`/`\Z` as `^`/`$`: anchors in Java, Ruby and RE2; ECMA-262 reads them as letters. */
export function caretAnchored(pattern: string): string {
  const start = pattern.startsWith("\\A") ? `^${pattern.slice(2)}` : pattern;
  return /(?:^|[^\\])(?:\\\\)*\\[zZ]$/.test(start) ? `${start.slice(0, -2)}$` : start;
}

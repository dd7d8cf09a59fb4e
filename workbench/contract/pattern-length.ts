/**
 * The shortest and longest string a simple pattern (`^[A-Z]{2}[0-9]{4}$`, `[0-9a-f]{8}-…`)
 * can match; undefined for anything with groups or alternation, where the length cannot be
 * told without a regular-expression engine. An end without its anchor lets the string go on
 * past the match: its longest is then unbounded, its shortest still the match's.
 *
 * @example
 * patternLength("^[0-9]{4}$"); // { min: 4, max: 4 }
 * patternLength("[0-9]{4}"); // { min: 4, max: Infinity }
 */
export function patternLength(pattern: string): { min: number; max: number } | undefined {
  const start = pattern.startsWith("^");
  const end = pattern.endsWith("$") && !pattern.endsWith("\\$");
  const body = pattern.slice(start ? 1 : 0, end ? -1 : undefined);
  let min = 0;
  let max = 0;
  for (let index = 0; index < body.length;) {
    const char = body[index] ?? "";
    if ("()|^$".includes(char)) return undefined;
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

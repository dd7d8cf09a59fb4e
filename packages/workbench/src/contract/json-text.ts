// JSON someone else wrote (a HAR, a recording): a syntax error names its file, line and column.

function lineAndColumn(text: string, position: number): string {
  const before = text.slice(0, position);
  const line = before.split("\n").length;
  return `${line}:${position - before.lastIndexOf("\n")}`;
}

/** V8 gives a position for most errors, but quotes ten characters either side of an unexpected token. */
function errorPosition(text: string, message: string): number {
  const position = /at position (\d+)/.exec(message)?.[1];
  if (position !== undefined) return Number(position);
  const quoted = /^Unexpected token '(.+?)', (?:\.\.\.)?"([\s\S]*?)"(?:\.\.\.)? is not valid JSON$/.exec(message);
  if (quoted) {
    const [, token = "", context = ""] = quoted;
    const around = message.includes(', ..."') ? context : "";
    const at = around === "" ? -1 : text.indexOf(around);
    if (at !== -1) return at + Math.min(10, around.indexOf(token));
    const first = text.indexOf(token);
    if (first !== -1) return first;
  }
  return text.length;
}

/** Parses `text`, or throws `Failure` with `file:line:column: not JSON (reason).` */
export function parseJsonText(file: string, text: string, Failure: new (message: string) => Error = Error): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const reason = message.replace(/ in JSON at position.*$/, "").replace(/, (\.\.\.)?".*$/s, "");
    throw new Failure(`${file}:${lineAndColumn(text, errorPosition(text, message))}: not JSON (${reason}).`);
  }
}

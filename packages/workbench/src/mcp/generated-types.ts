// One operation's generated types from schema.d.ts, within a budget; those left out are named by pointer.
import { componentSchemaRef } from "../contract/pointer.ts";

const TYPES_BUDGET = 12_000;

/** The lines of the entry `name` at `indent` inside the block that starts at `from`, its doc comment included. */
function entry(lines: readonly string[], from: number, indent: number, name: string): string[] | undefined {
  const pad = " ".repeat(indent);
  const heads = [name, JSON.stringify(name)].flatMap((key) => [`${pad}${key}: `, `${pad}${key}?: `]);
  for (let index = from; index < lines.length; index++) {
    const line = lines[index] ?? "";
    // A line less indented than the entries closes their block.
    if (line.trim() !== "" && line.length - line.trimStart().length < indent) return undefined;
    if (!heads.some((head) => line.startsWith(head))) continue;
    let start = index;
    while (start > from && /^\s*(\/\*\*|\*)/.test(lines[start - 1] ?? "")) start--;
    if (!line.trimEnd().endsWith("{")) return lines.slice(start, index + 1);
    const end = lines.findIndex((each, at) => at > index && each.startsWith(`${pad}}`));
    return lines.slice(start, end < 0 ? lines.length : end + 1);
  }
  return undefined;
}

/** The types of an operation as schema.d.ts has them, and the components they name. */
export function operationTypes(schema: string, operationId: string): { text: string; omitted: string[] } {
  const lines = schema.split("\n");
  const operations = lines.findIndex((line) => /^export interface operations \{$/.test(line));
  const own = operations < 0 ? undefined : entry(lines, operations + 1, 4, operationId);
  if (own === undefined) return { text: "", omitted: [] };
  const parts = [`// operations[${JSON.stringify(operationId)}]`, ...own.map((line) => line.slice(4))];
  const components = lines.findIndex((line) => /^export (type|interface) components (= )?\{$/.test(line));
  // Each component once, in the order the operation first names it.
  const named = new Map<string, { section: string; name: string }>();
  for (const [whole, section = "", name = ""] of own.join("\n").matchAll(/components\["(\w+)"\]\["([^"]+)"\]/g))
    named.set(whole, { section, name });
  const omitted: string[] = [];
  let length = parts.join("\n").length;
  for (const { section, name } of named.values()) {
    const sectionStart =
      components < 0 ? -1 : lines.findIndex((line, at) => at > components && line === `    ${section}: {`);
    const found = sectionStart < 0 ? undefined : entry(lines, sectionStart + 1, 8, name);
    const heading = `// components[${JSON.stringify(section)}][${JSON.stringify(name)}]`;
    const text = found === undefined ? "" : [heading, ...found.map((line) => line.slice(8))].join("\n");
    if (text === "" || length + text.length > TYPES_BUDGET) {
      omitted.push(section === "schemas" ? componentSchemaRef(name) : `components["${section}"]["${name}"]`);
      continue;
    }
    parts.push("", text);
    length += text.length + 1;
  }
  return { text: parts.join("\n"), omitted };
}

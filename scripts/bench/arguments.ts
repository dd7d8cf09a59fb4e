import { existsSync } from "node:fs";
import { resolve } from "node:path";

/**
 * The arguments of a benchmark that runs on an OpenAPI document: the document's
 * absolute path, and an optional count. A missing or unreadable document ends the
 * command with its usage, exit code 1.
 *
 * @example
 * const { document, count } = documentArguments("bench:mocks", "[operations]", 200);
 */
export function documentArguments(command: string, countName: string, defaultCount: number) {
  const [documentArg, countArg] = process.argv.slice(2);
  if (!documentArg) {
    console.error(`${command}: usage: npm run ${command} -- <openapi document> ${countName}`);
    process.exit(1);
  }
  const document = resolve(process.cwd(), documentArg);
  if (!existsSync(document)) {
    console.error(`${command}: ${documentArg}: file not found.`);
    process.exit(1);
  }
  return { document, documentArg, count: countArg === undefined ? defaultCount : Number(countArg) };
}

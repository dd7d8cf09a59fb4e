import type { OpenAPI3, ParameterObject, ReferenceObject } from "openapi-typescript";
import { escapeSegment } from "../../contract/pointer.ts";
import { warningAt, type Locator, type Problem } from "../input/contract-error.ts";
import { deref, operationsOf, templateNames } from "./operations.ts";

/** The names a path key's fragment holds (`#env/{partnerId}` → `partnerId`). */
function fragmentNames(path: string): Set<string> {
  const mark = path.indexOf("#");
  if (mark === -1) return new Set();
  return new Set([...path.slice(mark).matchAll(/\{([^{}]+)\}/g)].map((match) => match[1] ?? ""));
}

export function unsentPathParameterWarnings(document: OpenAPI3, located: Locator): Problem[] {
  const warnings: Problem[] = [];
  const seen = new Set<string>();
  for (const entry of operationsOf(document)) {
    const inFragment = fragmentNames(entry.path);
    if (inFragment.size === 0) continue;
    const sent = templateNames(entry.path);
    const item = `/paths/${escapeSegment(entry.path)}`;
    const lists: Array<[string, Array<ParameterObject | ReferenceObject>]> = [
      [`${item}/parameters`, entry.shared],
      [`${item}/${entry.method}/parameters`, entry.operation.parameters ?? []],
    ];
    for (const [at, list] of lists)
      list.forEach((raw, index) => {
        const parameter = deref<ParameterObject>(document, raw);
        const pointer = `${at}/${index}/name`;
        if (parameter?.in !== "path" || sent.has(parameter.name) || !inFragment.has(parameter.name)) return;
        // A path item's parameter is said once, not once per method.
        if (seen.has(pointer)) return;
        seen.add(pointer);
        warnings.push(
          warningAt(located, pointer, {
            rule: "unsent-path-parameter",
            message: `The path parameter \`${parameter.name}\` of \`${entry.method.toUpperCase()} ${entry.path}\` is only in the path's fragment (after \`#\`), which a URL never sends; it is left out of the types, the manifest and the fixtures.`,
            fix: "put the parameter in the path before any `#`, or remove it.",
          }),
        );
      });
  }
  return warnings;
}

import type { OpenAPI3, ParameterObject, ReferenceObject, ResponseObject } from "openapi-typescript";
import { escapeSegment } from "../../contract/pointer.ts";
import { warningAt, type Locator, type Problem } from "../input/contract-error.ts";
import { deref, isHeaderName, operationsOf } from "./operations.ts";

export function unusableHeaderWarnings(document: OpenAPI3, at: Locator): Problem[] {
  const warnings: Problem[] = [];
  const warn = (pointer: string, what: string, name: string) =>
    warnings.push(
      warningAt(at, pointer, {
        rule: "unusable-header",
        message: `the ${what} ${JSON.stringify(name)} is no HTTP header name (a token of letters, digits and !#$%&'*+-.^_\`|~): fetch can neither send nor read it, so it is left out of the client's parameters, the fixtures and the gallery; the rest of the operation still generates.`,
        fix: "name the header with a valid token, or remove it.",
      }),
    );
  const seen = new Set<unknown>();
  const parametersAt = (list: Array<ParameterObject | ReferenceObject> | undefined, pointer: string) =>
    (list ?? []).forEach((raw, index) => {
      const parameter = deref<ParameterObject>(document, raw);
      if (parameter?.in !== "header" || isHeaderName(parameter.name) || seen.has(raw)) return;
      seen.add(raw);
      warn(`${pointer}/parameters/${index}`, "header parameter", parameter.name);
    });
  for (const { path, method, operation, shared } of operationsOf(document)) {
    const at = `/paths/${escapeSegment(path)}`;
    parametersAt(shared, at);
    parametersAt(operation.parameters, `${at}/${method}`);
    for (const [status, raw] of Object.entries(operation.responses ?? {})) {
      const response = deref<ResponseObject>(document, raw);
      const headers = `${at}/${method}/responses/${escapeSegment(status)}/headers`;
      for (const name of Object.keys(response?.headers ?? {}))
        if (!isHeaderName(name)) warn(`${headers}/${escapeSegment(name)}`, "response header", name);
    }
  }
  return warnings;
}

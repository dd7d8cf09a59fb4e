// Runs last: it changes the document in place.
import type { OpenAPI3, ParameterObject, ReferenceObject } from "openapi-typescript";
import { keepOwnDiscriminatorValues } from "./discriminator-mappings.ts";
import {
  declaredParameters,
  deref,
  isHeaderName,
  operationsOf,
  templateNames,
  undeclaredPathParameters,
} from "../manifest/operations.ts";
import { dropMalformedKeywords } from "../lowering/schema-keywords.ts";

/** Each operation's name, its undeclared path parameters, and none unused by the template or unsendable by `fetch`. */
function completeOperations(document: OpenAPI3): void {
  for (const entry of operationsOf(document)) {
    const { operation, key } = entry;
    operation.operationId = key;
    const missing = undeclaredPathParameters(entry.path, declaredParameters(document, entry));
    const used = templateNames(entry.path);
    const item = deref(document, document.paths?.[entry.path]);
    const unused = (parameter: ParameterObject | ReferenceObject) => {
      const read = deref<ParameterObject>(document, parameter);
      return (read?.in === "path" && !used.has(read.name)) || (read?.in === "header" && !isHeaderName(read.name));
    };
    if (item?.parameters?.some(unused)) item.parameters = item.parameters.filter((parameter) => !unused(parameter));
    if (missing.length > 0 || operation.parameters?.some(unused))
      operation.parameters = [...(operation.parameters ?? []).filter((parameter) => !unused(parameter)), ...missing];
  }
}

export function prepareForTypes(document: OpenAPI3): void {
  completeOperations(document);
  dropMalformedKeywords(document);
  keepOwnDiscriminatorValues(document);
}

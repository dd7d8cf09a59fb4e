// The contract's files are never rewritten: the converted document stands in for the entry file.
import { bundle, type BaseResolver, type Config, type Document, Source } from "@redocly/openapi-core";
import { createRequire } from "node:module";
import { ContractError, type Problem } from "../input/contract-error.ts";
import { locate, markTranslated } from "../input/locate.ts";
import { escapeSegment, unescapeSegment, valueAt } from "../../contract/pointer.ts";
import { isRecord } from "../../contract/records.ts";

interface Converted {
  openapi: Record<string, unknown>;
  /** How many things the converter repaired (`patch`). */
  patches?: number;
}

/** What the converter could not convert, written into the document it made (`warnOnly`). */
const CONVERTER_WARNING = "x-s2o-warning";

function converterWarnings(node: unknown, pointer = "", found: Array<{ pointer: string; message: string }> = []) {
  if (Array.isArray(node)) node.forEach((item, index) => converterWarnings(item, `${pointer}/${index}`, found));
  else if (isRecord(node)) {
    if (typeof node[CONVERTER_WARNING] === "string") found.push({ pointer, message: node[CONVERTER_WARNING] });
    for (const [key, value] of Object.entries(node))
      if (typeof value === "object" && value !== null)
        converterWarnings(value, `${pointer}/${escapeSegment(key)}`, found);
  }
  return found;
}

/** swagger2openapi's one entry point used here (the package ships no types), loaded for a Swagger 2.0 contract only. */
function swagger2openapi(): { convertObj: (swagger: unknown, options: Record<string, unknown>) => Promise<Converted> } {
  return createRequire(import.meta.url)("swagger2openapi") as ReturnType<typeof swagger2openapi>;
}

/** The value at a list of (unescaped) keys. */
function at(document: unknown, keys: readonly string[]): unknown {
  return valueAt(document, `#/${keys.map(escapeSegment).join("/")}`);
}

/** A parameter's entry, references followed in `document` (both of them bundled: only local references). */
function parameterAt(document: unknown, list: unknown, index: number): Record<string, unknown> | undefined {
  let parameter = Array.isArray(list) ? (list[index] as unknown) : undefined;
  for (let hops = 0; isRecord(parameter) && typeof parameter.$ref === "string" && hops < 8; hops++)
    parameter = valueAt(document, parameter.$ref);
  return isRecord(parameter) ? parameter : undefined;
}

/** The index in the Swagger list of the parameter with this name and place (or this place alone, for `body`). */
function swaggerIndex(swagger: unknown, list: unknown, test: (parameter: Record<string, unknown>) => boolean): number {
  return (Array.isArray(list) ? list : []).findIndex((_, index) => {
    const parameter = parameterAt(swagger, list, index);
    return parameter !== undefined && test(parameter);
  });
}

/** Where a node of the converted document came from in the Swagger document, as keys. */
export function swaggerKeys(swagger: unknown, openapi: unknown, keys: readonly string[]): string[] {
  const [first, second, ...rest] = keys;
  if (first === "components") {
    const place = {
      schemas: "definitions",
      parameters: "parameters",
      requestBodies: "parameters",
      responses: "responses",
      securitySchemes: "securityDefinitions",
    }[second ?? ""];
    if (place === undefined) return [];
    const [name = "", ...inside] = rest;
    if (place === "responses") return ["responses", name, ...responseKeys(inside)];
    if (place === "parameters" && inside[0] === "schema" && second === "parameters")
      return ["parameters", name, ...inside.slice(1)];
    return [place, name, ...(second === "requestBodies" ? [] : inside)];
  }
  if (first === "servers") return ["host"];
  if (first !== "paths" || second === undefined) return [...keys];
  const [method = "", ...inside] = rest;
  if (method === "parameters") return ["paths", second, ...parameterKeys(swagger, openapi, ["paths", second], inside)];
  const operation = ["paths", second, method];
  const [section, ...below] = inside;
  if (section === "responses") {
    const [status = "", ...response] = below;
    return [...operation, "responses", status, ...responseKeys(response)];
  }
  if (section === "parameters") return [...operation, ...parameterKeys(swagger, openapi, operation, below)];
  if (section === "requestBody") {
    // A body parameter's schema, else the form field a property of the converted form came from.
    const [, , schema, properties, field] = below;
    const list = at(swagger, [...operation, "parameters"]);
    const body = swaggerIndex(swagger, list, (parameter) => parameter.in === "body");
    if (body !== -1) return [...operation, "parameters", String(body), ...(schema === "schema" ? below.slice(2) : [])];
    const form =
      properties === "properties" && field !== undefined
        ? swaggerIndex(swagger, list, (parameter) => parameter.in === "formData" && parameter.name === field)
        : -1;
    return form === -1 ? operation : [...operation, "parameters", String(form)];
  }
  return [...keys];
}

/** A response's converted keys (`content/<type>/schema/…`, `headers/<name>/schema/…`) in Swagger's shape. */
function responseKeys(keys: readonly string[]): string[] {
  const [section, name = "", kind, ...below] = keys;
  if (section === "content")
    return kind === "schema"
      ? ["schema", ...below]
      : kind === "example" || kind === "examples"
        ? ["examples", name]
        : [];
  if (section === "headers") return ["headers", name, ...(kind === "schema" ? below : [])];
  return section === undefined ? [] : [section];
}

/** A converted parameter's keys (`parameters/<i>/schema/…`) in Swagger's list, which also holds the body and form parameters. */
function parameterKeys(
  swagger: unknown,
  openapi: unknown,
  owner: readonly string[],
  keys: readonly string[],
): string[] {
  const [index = "", ...inside] = keys;
  const converted = parameterAt(openapi, at(openapi, [...owner, "parameters"]), Number(index));
  if (converted === undefined) return [];
  const found = swaggerIndex(
    swagger,
    at(swagger, [...owner, "parameters"]),
    (parameter) => parameter.name === converted.name && parameter.in === converted.in,
  );
  if (found === -1) return [];
  return ["parameters", String(found), ...(inside[0] === "schema" ? inside.slice(1) : inside)];
}

/** The Swagger pointer of a converted document's node: the longest part of its translation the Swagger document has. */
export function swaggerPointer(swagger: unknown, openapi: unknown, pointer: string): string {
  const keys = swaggerKeys(swagger, openapi, pointer.split("/").slice(1).map(unescapeSegment));
  for (let length = keys.length; length > 0; length--) {
    const part = keys.slice(0, length);
    if (at(swagger, part) !== undefined) return `/${part.map(escapeSegment).join("/")}`;
  }
  return "";
}

/** The OpenAPI 3.0 document a Swagger 2.0 contract converts to, with warnings of what the converter repaired or left. */
export async function fromSwagger2(
  entry: string,
  config: Config,
  swagger: Document,
  resolver: BaseResolver,
): Promise<{ document: Document; warnings: Problem[]; files: string[] }> {
  // One document first, whatever files the Swagger contract spans (their `$ref`s were confined already).
  const bundled = await bundle({ config, dereference: false, doc: swagger, externalRefResolver: resolver });
  const refuse = (problem: Omit<Problem, "severity" | "file">): never => {
    throw new ContractError([{ severity: "error", file: entry, ...problem }]);
  };
  const first = bundled.problems.find((problem) => problem.severity === "error");
  if (first !== undefined) {
    const where = first.location[0];
    refuse({
      ...(where?.pointer === undefined ? {} : locate(where.source, where.pointer.replace(/^#/, ""))),
      pointer: where?.pointer,
      message: `the Swagger 2.0 contract cannot be read: ${first.message}`,
      fix: "point each `$ref` at a file and a definition that exist.",
    });
  }
  const original = structuredClone(bundled.bundle.parsed) as unknown;
  const options = { patch: true, warnOnly: true, resolve: false, direct: false };
  let converted: Converted;
  try {
    converted = await swagger2openapi().convertObj(structuredClone(original), options);
  } catch (error) {
    return refuse({
      ...locate(swagger.source, "/swagger", true),
      message: `the Swagger 2.0 contract cannot be converted to OpenAPI 3: ${error instanceof Error ? error.message : String(error)}`,
      fix: "correct the construct the converter names (swagger2openapi), or convert the file yourself and replace it.",
    });
  }
  const openapi = converted.openapi;
  const source = new Source(swagger.source.absoluteRef, JSON.stringify(openapi), swagger.source.mimeType);
  markTranslated(source, swagger.source, (pointer) => swaggerPointer(original, openapi, pointer));
  const document: Document = { source, parsed: openapi };
  // Whoever resolves the entry file from now on (the lint, the bundle) reads the converted document.
  resolver.cache.set(swagger.source.absoluteRef, Promise.resolve(document));
  const patches = converted.patches ?? 0;
  const unconverted = converterWarnings(openapi);
  const warnings: Problem[] = [
    {
      severity: "warning",
      file: entry,
      ...locate(swagger.source, "/swagger", true),
      rule: "swagger-2.0",
      message: `a Swagger 2.0 contract: converted to OpenAPI 3.0 in memory (swagger2openapi) and generated from that${patches === 0 ? "" : `, ${patches} small defect${patches === 1 ? "" : "s"} repaired on the way`}; positions are the Swagger file's.`,
      fix: "nothing to do; to generate from OpenAPI 3 directly, convert the file once (npx swagger2openapi) and replace it.",
    },
  ];
  const firstUnconverted = unconverted[0];
  if (firstUnconverted !== undefined) {
    warnings.push({
      severity: "warning",
      file: entry,
      ...locate(source, firstUnconverted.pointer),
      pointer: `#${swaggerPointer(original, openapi, firstUnconverted.pointer)}`,
      rule: "swagger-2.0-unconverted",
      message: `${unconverted.length} construct${unconverted.length === 1 ? "" : "s"} of the Swagger 2.0 contract could not be converted and ${unconverted.length === 1 ? "is" : "are"} left as written (the first is here: ${firstUnconverted.message}).`,
      fix: "correct the construct the message names.",
    });
  }
  return { document, files: [...bundled.fileDependencies], warnings };
}

import type { ContractMediaType, ContractOperation, ContractParameter, ContractSchemas } from "../contract-types";
import type { ManifestOperation } from "../manifest-types";
import { unescapeSegment } from "./json-pointer";
import { define, own } from "./own";
import { pointerSegment, show, type Validator } from "./validator";
import type { Violation, ViolationPlace } from "./violations";

/** A media type without its parameters, lower case: `application/json; charset=utf-8` → `application/json`. */
export function essenceOf(mediaType: string): string {
  return mediaType.split(";")[0]?.trim().toLowerCase() ?? "";
}

/** `application/json`, `application/problem+json`, `application/vnd.x+json`: bodies read as JSON. */
export function isJsonMediaType(mediaType: string): boolean {
  const essence = essenceOf(mediaType);
  return essence === "application/json" || essence.endsWith("+json");
}

/**
 * The declared media type a Content-Type falls under: the same essence (whatever the
 * parameters on either side), then a range (`application/*`), then `*\/*`.
 */
export function declaredMediaType(declared: readonly string[], contentType: string): string | undefined {
  const essence = essenceOf(contentType);
  const [type] = essence.split("/");
  return (
    declared.find((media) => essenceOf(media) === essence) ??
    declared.find((media) => essenceOf(media) === `${type}/*`) ??
    declared.find((media) => essenceOf(media) === "*/*")
  );
}

/** The declared response for a status: exact, then its class (`4XX`), then `default`. */
export function declaredStatus(responses: Record<string, unknown>, status: number): string | undefined {
  const exact = String(status);
  const range = `${exact[0]}XX`;
  return [exact, range, range.toLowerCase(), "default"].find((key) => Object.hasOwn(responses, key));
}

/** Where a schema sits in `contract.json`, for the validator. */
export function schemaPointer(operationId: string, ...path: string[]): string {
  return `#/operations/${[operationId, ...path].map(pointerSegment).join("/")}`;
}

type SchemaNode = Record<string, unknown>;

/** Follows a `$ref` into the contract's components (parameters' schemas are often named). */
function resolve(contract: ContractSchemas, schema: unknown): SchemaNode {
  let node = schema;
  for (let hops = 0; hops < 8 && typeof node === "object" && node !== null && "$ref" in node; hops++) {
    const name = /^#\/components\/schemas\/(.+)$/.exec(String((node as SchemaNode).$ref))?.[1];
    node = name === undefined ? {} : own(contract.components.schemas, unescapeSegment(name));
  }
  return typeof node === "object" && node !== null ? (node as SchemaNode) : {};
}

/** Every type a schema allows, through references and compositions (`allOf`, `anyOf`, `oneOf`). */
function typesOf(contract: ContractSchemas, schema: unknown, depth = 0): Set<string> {
  const node = resolve(contract, schema);
  const types = new Set<string>(
    typeof node.type === "string" ? [node.type] : Array.isArray(node.type) ? (node.type as string[]) : [],
  );
  if (depth < 8) {
    for (const keyword of ["allOf", "anyOf", "oneOf"]) {
      const branches = node[keyword];
      if (!Array.isArray(branches)) continue;
      for (const branch of branches) typesOf(contract, branch, depth + 1).forEach((type) => types.add(type));
    }
  }
  return types;
}

/** The schema of a property or of the items, through references (the first composition branch that has it). */
function subschema(contract: ContractSchemas, schema: unknown, keyword: string, name?: string): unknown {
  const node = resolve(contract, schema);
  const direct = name === undefined ? own(node, keyword) : own(own(node, keyword), name);
  if (direct !== undefined) return direct;
  for (const composition of ["allOf", "anyOf", "oneOf"]) {
    const branches = node[composition];
    if (!Array.isArray(branches)) continue;
    for (const branch of branches) {
      const found = subschema(contract, branch, keyword, name);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

/** A text from a URL or header, as the type the schema asks for when it reads as one ("5" → 5 for an integer). */
function coerce(contract: ContractSchemas, text: string, schema: unknown): unknown {
  const types = typesOf(contract, schema);
  if ((types.has("integer") || types.has("number")) && text.trim() !== "" && !Number.isNaN(Number(text))) {
    return Number(text);
  }
  if (types.has("boolean") && (text === "true" || text === "false")) return text === "true";
  if (types.has("null") && text === "") return null;
  return text;
}

const DELIMITERS: Record<string, string> = { spaceDelimited: " ", pipeDelimited: "|" };

/**
 * A query, path or header parameter as the schema expects it, read by OpenAPI's
 * serialisation rules (`style`, `explode`, their defaults per location): arrays,
 * objects (`deepObject`, exploded `form`), and numbers and booleans from text.
 *
 * @param raw for a query parameter, every `name=value` pair of the query; otherwise the one value.
 */
function parameterValue(
  contract: ContractSchemas,
  parameter: ContractParameter,
  raw: { name: string; values: Array<[string, string]> } | string,
): unknown {
  const style = parameter.style ?? (parameter.in === "query" ? "form" : "simple");
  const explode = parameter.explode ?? style === "form";
  const types = typesOf(contract, parameter.schema);
  const own =
    typeof raw === "string" ? [raw] : raw.values.filter(([key]) => key === parameter.name).map(([, value]) => value);
  if (types.has("object") && !types.has("array")) {
    const object: Record<string, unknown> = {};
    if (typeof raw !== "string" && style === "deepObject") {
      for (const [key, value] of raw.values) {
        const property = new RegExp(`^${parameter.name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\[([^\\]]+)\\]$`).exec(
          key,
        )?.[1];
        if (property !== undefined)
          define(
            object,
            property,
            coerce(contract, value, subschema(contract, parameter.schema, "properties", property)),
          );
      }
      return Object.keys(object).length === 0 ? undefined : object;
    }
    if (typeof raw !== "string" && style === "form" && explode) {
      // Each property is its own `name=value` pair: the schema's properties say which.
      const properties = resolve(contract, parameter.schema).properties as SchemaNode | undefined;
      for (const [key, value] of raw.values) {
        if (properties && Object.hasOwn(properties, key)) define(object, key, coerce(contract, value, properties[key]));
      }
      return Object.keys(object).length === 0 ? undefined : object;
    }
    const parts = (own[0] ?? "").split(explode ? /[,=]/ : ",");
    for (let index = 0; index + 1 < parts.length; index += 2) {
      const key = parts[index]?.trim() ?? "";
      define(
        object,
        key,
        coerce(contract, parts[index + 1]?.trim() ?? "", subschema(contract, parameter.schema, "properties", key)),
      );
    }
    return own.length === 0 ? undefined : object;
  }
  if (own.length === 0) return undefined;
  if (!types.has("array")) return coerce(contract, own[0] ?? "", parameter.schema);
  // `form` with explode (the query default) repeats the name; the other styles join with a delimiter.
  const values =
    parameter.in === "query" && explode && style === "form"
      ? own
      : own.flatMap((value) => value.split(DELIMITERS[style] ?? ",").map((item) => item.trim()));
  const items = subschema(contract, parameter.schema, "items");
  return values.map((value) => coerce(contract, value, items));
}

/** Header parameters OpenAPI says are ignored: the request's own `Accept`, `Content-Type` and `Authorization`. */
const IGNORED_HEADERS = new Set(["accept", "content-type", "authorization"]);

/** The parameters of one location, gathered into one object so that one schema checks them all. */
function parametersSchema(validator: Validator, operationId: string, operation: ContractOperation, location: string) {
  const properties: Record<string, unknown> = {};
  const required: string[] = [];
  operation.parameters.forEach((parameter, index) => {
    if (parameter.in !== location || parameter.schema === undefined) return;
    if (location === "header" && IGNORED_HEADERS.has(parameter.name.toLowerCase())) return;
    define(properties, parameter.name, {
      $ref: `${validator.root}${schemaPointer(operationId, "parameters", String(index), "schema")}`,
    });
    if (parameter.required) required.push(parameter.name);
  });
  return { type: "object", properties, required };
}

/**
 * Checks one mocked exchange against the contract: the request's path, query and
 * header parameters and its body, then the response's status, media type and body.
 * Returns what differs, located; an empty list when the exchange keeps the contract.
 */
export function createExchangeCheck(contract: ContractSchemas, validator: Validator) {
  function failures(
    operationId: string,
    place: ViolationPlace,
    found: Array<{ pointer: string; expected: string; actual: string }>,
    status?: string,
  ): Violation[] {
    return found.map((failure) => ({ operationId, place, ...failure, ...(status === undefined ? {} : { status }) }));
  }

  function checkParameters(
    operation: ManifestOperation,
    contractOperation: ContractOperation,
    location: "path" | "query" | "header",
    values: Record<string, unknown>,
  ): Violation[] {
    const schema = parametersSchema(validator, operation.operationId, contractOperation, location);
    if (Object.keys(schema.properties).length === 0) return [];
    const found = validator.checkAgainst(`${operation.operationId} ${location}`, schema, values);
    const place: ViolationPlace =
      location === "path" ? "request path" : location === "query" ? "request query" : "request header";
    // The object's pointer (`/limit`) names the parameter.
    return failures(
      operation.operationId,
      place,
      found.map((failure) => ({ ...failure, pointer: failure.pointer.replace(/^\//, "") })),
    );
  }

  function checkBody(
    operationId: string,
    place: "request body" | "response body",
    pointerPath: string[],
    media: ContractMediaType | undefined,
    mediaType: string,
    contentType: string,
    text: string,
    status?: string,
  ): Violation[] {
    // Only JSON bodies are checked against their schema; what the body is, the Content-Type sent says
    // (a declared `*/*` or `application/*` may carry anything).
    if (media?.schema === undefined || !isJsonMediaType(contentType)) return [];
    let body: unknown;
    try {
      body = text === "" ? undefined : JSON.parse(text);
    } catch {
      return failures(
        operationId,
        place,
        [{ pointer: "", expected: `JSON (${mediaType})`, actual: show(text) }],
        status,
      );
    }
    if (body === undefined)
      return failures(operationId, place, [{ pointer: "", expected: "a body", actual: "an empty body" }], status);
    return failures(operationId, place, validator.check(schemaPointer(operationId, ...pointerPath), body), status);
  }

  return {
    async request(
      operation: ManifestOperation,
      request: Request,
      pathParams: Record<string, string>,
    ): Promise<Violation[]> {
      const contractOperation = contract.operations[operation.operationId];
      if (!contractOperation) return [];
      const url = new URL(request.url);
      const pairs = { name: "", values: [...url.searchParams.entries()] };
      const query: Record<string, unknown> = {};
      const headers: Record<string, unknown> = {};
      const path: Record<string, unknown> = {};
      const byLocation: Partial<Record<string, Record<string, unknown>>> = { query, header: headers, path };
      for (const parameter of contractOperation.parameters) {
        let value: unknown;
        if (parameter.in === "query") value = parameterValue(contract, parameter, pairs);
        if (parameter.in === "header" && !IGNORED_HEADERS.has(parameter.name.toLowerCase())) {
          const header = request.headers.get(parameter.name);
          if (header !== null) value = parameterValue(contract, parameter, header);
        }
        const segment = parameter.in === "path" ? own<string>(pathParams, parameter.name) : undefined;
        if (segment !== undefined) value = parameterValue(contract, parameter, segment);
        if (value === undefined) continue;
        const location = byLocation[parameter.in];
        if (location) define(location, parameter.name, value);
      }
      const violations = [
        ...checkParameters(operation, contractOperation, "path", path),
        ...checkParameters(operation, contractOperation, "query", query),
        ...checkParameters(operation, contractOperation, "header", headers),
      ];
      const body = contractOperation.requestBody;
      if (body === null) return violations;
      const text = await request.text();
      const id = operation.operationId;
      if (text === "") {
        return body.required
          ? [
              ...violations,
              ...failures(id, "request body", [{ pointer: "", expected: "a body (required)", actual: "none" }]),
            ]
          : violations;
      }
      const contentType = request.headers.get("content-type") ?? "";
      const mediaType = declaredMediaType(Object.keys(body.content), contentType);
      if (mediaType === undefined) {
        const expected = `one of ${Object.keys(body.content).join(", ")}`;
        return [
          ...violations,
          ...failures(id, "request body", [{ pointer: "", expected, actual: show(contentType || "no Content-Type") }]),
        ];
      }
      return [
        ...violations,
        ...checkBody(
          id,
          "request body",
          ["requestBody", "content", mediaType, "schema"],
          body.content[mediaType],
          mediaType,
          contentType,
          text,
        ),
      ];
    },

    async response(
      operation: ManifestOperation,
      response: Response,
      options: { allowUndeclared401?: boolean; method?: string } = {},
    ): Promise<Violation[]> {
      const method = options.method?.toUpperCase();
      const contractOperation = contract.operations[operation.operationId];
      if (!contractOperation) return [];
      const id = operation.operationId;
      const status = declaredStatus(contractOperation.responses, response.status);
      if (status === undefined) {
        if (options.allowUndeclared401 === true && response.status === 401) return [];
        const declared = Object.keys(contractOperation.responses).join(", ");
        return failures(
          id,
          "response status",
          [{ pointer: "", expected: `one of ${declared}`, actual: String(response.status) }],
          String(response.status),
        );
      }
      const content = contractOperation.responses[status]?.content ?? {};
      // These carry no body, whatever the contract declares for them.
      if (method === "HEAD" || response.status === 204 || response.status === 304) return [];
      const text = await response.text();
      const declaredTypes = Object.keys(content);
      if (declaredTypes.length === 0) {
        return text === ""
          ? []
          : failures(id, "response body", [{ pointer: "", expected: "no body", actual: show(text) }], status);
      }
      const contentType = response.headers.get("content-type") ?? "";
      const mediaType = declaredMediaType(declaredTypes, contentType);
      if (mediaType === undefined) {
        return failures(
          id,
          "response media type",
          [
            {
              pointer: "",
              expected: `one of ${declaredTypes.join(", ")}`,
              actual: show(contentType || "no Content-Type"),
            },
          ],
          status,
        );
      }
      return checkBody(
        id,
        "response body",
        ["responses", status, "content", mediaType, "schema"],
        content[mediaType],
        mediaType,
        contentType,
        text,
        status,
      );
    },
  };
}

export type ExchangeCheck = ReturnType<typeof createExchangeCheck>;

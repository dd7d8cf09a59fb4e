import type { ContractMediaType, ContractOperation, ContractParameter, ContractSchemas } from "../contract-types";
import type { ManifestOperation } from "../manifest-types";
import { pointerSegment, show, type Validator } from "./validator";
import type { Violation, ViolationPlace } from "./violations";

/** `application/json`, `application/problem+json`, `application/vnd.x+json`: bodies read as JSON. */
export function isJsonMediaType(mediaType: string): boolean {
  const essence = mediaType.split(";")[0]?.trim().toLowerCase() ?? "";
  return essence === "application/json" || essence.endsWith("+json") || essence === "*/*";
}

/** The declared media type a Content-Type falls under (`application/json; charset=utf-8` → `application/json`, or a wildcard). */
export function declaredMediaType(declared: readonly string[], contentType: string): string | undefined {
  const essence = contentType.split(";")[0]?.trim().toLowerCase() ?? "";
  const [type] = essence.split("/");
  return (
    declared.find((media) => media.toLowerCase() === essence) ??
    declared.find((media) => media.toLowerCase() === `${type}/*`) ??
    declared.find((media) => media === "*/*")
  );
}

/** The declared response for a status: exact, then its class (`4XX`), then `default`. */
export function declaredStatus(responses: Record<string, unknown>, status: number): string | undefined {
  const exact = String(status);
  const range = `${exact[0]}XX`;
  return [exact, range, range.toLowerCase(), "default"].find((key) => key in responses);
}

/** Where a schema sits in `contract.json`, for the validator. */
export function schemaPointer(operationId: string, ...path: string[]): string {
  return `#/operations/${[operationId, ...path].map(pointerSegment).join("/")}`;
}

type SchemaNode = Record<string, unknown>;

/** Follows a top-level `$ref` into the contract's components (parameters' schemas are often named). */
function resolve(contract: ContractSchemas, schema: unknown): SchemaNode {
  let node = schema;
  for (let hops = 0; hops < 8 && typeof node === "object" && node !== null && "$ref" in node; hops++) {
    const name = /^#\/components\/schemas\/(.+)$/.exec(String((node as SchemaNode).$ref))?.[1];
    node = name === undefined ? {} : contract.components.schemas[name.replaceAll("~1", "/").replaceAll("~0", "~")];
  }
  return typeof node === "object" && node !== null ? (node as SchemaNode) : {};
}

function typesOf(schema: SchemaNode): string[] {
  return typeof schema.type === "string" ? [schema.type] : Array.isArray(schema.type) ? (schema.type as string[]) : [];
}

/** A text from a URL or header, as the type the schema asks for when it reads as one ("5" → 5 for an integer). */
function coerce(text: string, schema: SchemaNode): unknown {
  const types = typesOf(schema);
  if ((types.includes("integer") || types.includes("number")) && text.trim() !== "" && !Number.isNaN(Number(text))) {
    return Number(text);
  }
  if (types.includes("boolean") && (text === "true" || text === "false")) return text === "true";
  if (types.includes("null") && text === "") return null;
  return text;
}

/** A query, path or header value as the schema expects it: OpenAPI's default styles, arrays and numbers. */
function parameterValue(contract: ContractSchemas, parameter: ContractParameter, raw: string[]): unknown {
  const schema = resolve(contract, parameter.schema);
  if (!typesOf(schema).includes("array")) return coerce(raw[0] ?? "", schema);
  // `form` with explode (the query default) repeats the name; every other style joins with commas.
  const explode = parameter.explode ?? (parameter.style ?? "form") === "form";
  const values = parameter.in === "query" && explode ? raw : raw.flatMap((value) => value.split(","));
  const items = resolve(contract, schema.items);
  return values.map((value) => coerce(value, items));
}

/** The parameters of one location, gathered into one object so that one schema checks them all. */
function parametersSchema(validator: Validator, operationId: string, operation: ContractOperation, location: string) {
  const properties: Record<string, unknown> = {};
  const required: string[] = [];
  operation.parameters.forEach((parameter, index) => {
    if (parameter.in !== location || parameter.schema === undefined) return;
    properties[parameter.name] = {
      $ref: `${validator.root}${schemaPointer(operationId, "parameters", String(index), "schema")}`,
    };
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
    text: string,
    status?: string,
  ): Violation[] {
    if (media?.schema === undefined || !isJsonMediaType(mediaType)) return [];
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
      const query: Record<string, unknown> = {};
      const headers: Record<string, unknown> = {};
      for (const parameter of contractOperation.parameters) {
        if (parameter.in === "query" && url.searchParams.has(parameter.name)) {
          query[parameter.name] = parameterValue(contract, parameter, url.searchParams.getAll(parameter.name));
        }
        const header = parameter.in === "header" ? request.headers.get(parameter.name) : null;
        if (header !== null) headers[parameter.name] = parameterValue(contract, parameter, [header]);
      }
      const path: Record<string, unknown> = {};
      for (const parameter of contractOperation.parameters) {
        const value = parameter.in === "path" ? pathParams[parameter.name] : undefined;
        if (value !== undefined) path[parameter.name] = parameterValue(contract, parameter, [value]);
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
          text,
        ),
      ];
    },

    async response(
      operation: ManifestOperation,
      response: Response,
      options: { allowUndeclared401?: boolean } = {},
    ): Promise<Violation[]> {
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
        text,
        status,
      );
    },
  };
}

export type ExchangeCheck = ReturnType<typeof createExchangeCheck>;

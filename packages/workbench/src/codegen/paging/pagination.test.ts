import type { OpenAPI3 } from "openapi-typescript";
import { describe, expect, it } from "vitest";
import { ContractError } from "../input/contract-error.ts";
import { buildManifest } from "../manifest/manifest.ts";
import type { PagingFinding } from "./pagination.ts";
import { pagingTypes } from "../types/paging-types.ts";

type Query = Array<{ name: string; schema?: object }>;

/** A one-operation document: GET /things with these query parameters, answering this body (and headers). */
function list(query: Query, body: object, extra: { headers?: object; extension?: unknown } = {}): OpenAPI3 {
  return {
    openapi: "3.1.0",
    info: { title: "t", version: "1" },
    paths: {
      "/things": {
        get: {
          operationId: "listThings",
          parameters: query.map((parameter) => ({ in: "query", schema: { type: "integer" }, ...parameter })),
          responses: {
            "200": {
              description: "ok",
              ...(extra.headers ? { headers: extra.headers } : {}),
              content: { "application/json": { schema: body } },
            },
          },
          ...(extra.extension === undefined ? {} : { "x-pagination": extra.extension }),
        },
      },
    },
    components: { schemas: { Thing: { type: "object", properties: { id: { type: "string" } } } } },
  } as unknown as OpenAPI3;
}

const things = { type: "array", items: { $ref: "#/components/schemas/Thing" } };

function found(document: OpenAPI3): PagingFinding | undefined {
  const paging: PagingFinding[] = [];
  const manifest = buildManifest(document, (pointer) => ({ file: `at ${pointer}` }), paging);
  expect(manifest.operations[0]?.pagination).toEqual(paging[0]?.pagination);
  return paging[0];
}

describe("paging read from the contract", () => {
  it("reads a cursor parameter with the body field that carries the next one", () => {
    const body = {
      type: "object",
      properties: { data: things, meta: { type: "object", properties: { next_cursor: { type: ["string", "null"] } } } },
    };
    expect(
      found(
        list(
          [
            { name: "cursor", schema: { type: "string" } },
            { name: "limit", schema: { type: "integer", default: 25 } },
          ],
          body,
        ),
      )?.pagination,
    ).toEqual({
      style: "cursor",
      from: "inferred",
      param: "cursor",
      size: "limit",
      defaultSize: 25,
      items: "data",
      next: "meta.next_cursor",
    });
  });

  it("reads `after` with `has_more` and item ids as a cursor taken from the last item", () => {
    const body = { type: "object", properties: { data: things, has_more: { type: "boolean" } } };
    expect(found(list([{ name: "after", schema: { type: "string" } }], body))?.pagination).toMatchObject({
      style: "cursor",
      param: "after",
      lastItem: "id",
      hasMore: "has_more",
    });
  });

  it("reads offset/limit, page/per_page (its first page from the minimum) and Link headers", () => {
    const counted = { type: "object", properties: { items: things, total: { type: "integer" } } };
    expect(found(list([{ name: "offset" }, { name: "limit" }], counted))?.pagination).toEqual({
      style: "offset",
      from: "inferred",
      param: "offset",
      size: "limit",
      items: "items",
      total: "total",
    });
    expect(
      found(list([{ name: "page", schema: { type: "integer", minimum: 0 } }, { name: "per_page" }], things))
        ?.pagination,
    ).toEqual({
      style: "page",
      from: "inferred",
      param: "page",
      size: "per_page",
      items: "",
      first: 0,
    });
    const linked = list([{ name: "page" }, { name: "per_page" }], things, {
      headers: { link: { schema: { type: "string" } } },
    });
    expect(found(linked)?.pagination).toMatchObject({ style: "link", param: "page", size: "per_page", items: "" });
  });

  it("reads an envelope written as allOf branches (DigitalOcean's list, links and meta)", () => {
    const body = {
      allOf: [
        { type: "object", properties: { droplets: things } },
        {
          type: "object",
          properties: {
            links: {
              type: "object",
              properties: { pages: { type: "object", properties: { next: { type: "string", format: "uri" } } } },
            },
          },
        },
        { type: "object", properties: { meta: { type: "object", properties: { total: { type: "integer" } } } } },
      ],
    };
    expect(found(list([{ name: "page" }, { name: "per_page" }], body))?.pagination).toEqual({
      style: "page",
      from: "inferred",
      param: "page",
      size: "per_page",
      items: "droplets",
      next: "links.pages.next",
      total: "meta.total",
      first: 1,
    });
  });

  it("says why a list that hints at paging cannot be paged, and that a bare list is complete", () => {
    const body = { type: "object", properties: { data: things } };
    expect(found(list([{ name: "cursor", schema: { type: "string" } }], body))?.unrecognised).toMatch(
      /cursor parameter `cursor` but no response field/,
    );
    expect(found(list([{ name: "limit" }], things))?.unrecognised).toMatch(/page-size parameter `limit` alone/);
    expect(found(list([], things))?.unpaged).toMatch(/complete list/);
    // An item that holds a list (it has an id of its own) is no list.
    const item = { type: "object", properties: { id: { type: "string" }, tags: things } };
    expect(found(list([{ name: "page" }], item))).toBeUndefined();
  });

  it("takes x-pagination where the shapes cannot say, and x-pagination: false to turn paging off", () => {
    const body = { type: "object", properties: { rows: things, token: { type: "string" } } };
    const written = list([{ name: "from", schema: { type: "string" } }], body, {
      extension: { style: "cursor", param: "from", next: "token", items: "rows" },
    });
    expect(found(written)?.pagination).toEqual({
      style: "cursor",
      from: "extension",
      param: "from",
      items: "rows",
      next: "token",
    });
    expect(found(list([{ name: "page" }, { name: "limit" }], things, { extension: false }))).toMatchObject({
      unpaged: "x-pagination: false",
    });
  });

  it.each([
    [{ style: "scroll", param: "from" }, /style must be one of cursor, offset, page, link, got "scroll"/],
    [{ style: "cursor", param: "nope", next: "token" }, /param `nope` is not a query parameter of listThings/],
    [{ style: "cursor", param: "from", next: "missing" }, /next `missing` is not a field of the success body/],
    [{ style: "cursor", param: "from" }, /style cursor needs `next`/],
    [{ style: "page", param: "from", item: "rows" }, /has unknown `item`/],
    ["cursor", /must be false or an object/],
  ])("refuses x-pagination %j with an error at its place", (extension, message) => {
    const body = { type: "object", properties: { rows: things, token: { type: "string" } } };
    const document = list([{ name: "from", schema: { type: "string" } }], body, { extension });
    let error: unknown;
    try {
      buildManifest(document, (pointer) => ({ file: "openapi/openapi.yaml", line: 7, column: pointer.length }));
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ContractError);
    const [problem] = (error as ContractError).problems;
    expect(problem).toMatchObject({
      file: "openapi/openapi.yaml",
      line: 7,
      pointer: "/paths/~1things/get/x-pagination",
    });
    expect(problem?.message).toMatch(message);
  });

  it("types which operations page, so the hooks can refuse the others", () => {
    const manifest = buildManifest(list([{ name: "offset" }, { name: "limit" }], things));
    expect(pagingTypes(manifest)).toContain(`"get /things": { style: "offset"; items: "" };`);
    expect(pagingTypes(buildManifest(list([], things)))).toMatch(/export interface paging \{\}\n$/);
  });
});

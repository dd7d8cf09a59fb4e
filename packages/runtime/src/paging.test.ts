import { describe, expect, it } from "vitest";
import { readHeaders } from "./headers.ts";
import type { ManifestOperation, ManifestPagination } from "./manifest-types.ts";
import { nextPageQuery, parseLinks } from "./paging.ts";

const page = (data: unknown, query: Record<string, unknown> = {}, headers: Record<string, unknown> = {}) => ({
  data,
  headers,
  query,
});
const record = (fields: Partial<ManifestPagination> & Pick<ManifestPagination, "style">): ManifestPagination => ({
  from: "inferred",
  items: "",
  ...fields,
});

describe("parseLinks", () => {
  it("reads RFC 8288 links, quoted or not, several relations in one", () => {
    expect(
      parseLinks(
        '<https://api.test/pets?page=2>; rel="next", <https://api.test/pets?page=9>; rel=last, <…?page=1>; rel="first prev"',
      ),
    ).toEqual({
      next: "https://api.test/pets?page=2",
      last: "https://api.test/pets?page=9",
      first: "…?page=1",
      prev: "…?page=1",
    });
    expect(parseLinks(null)).toEqual({});
    expect(parseLinks("garbage; no link")).toEqual({});
  });
});

describe("nextPageQuery", () => {
  it("Link: the next link's query, never its host; none at the end", () => {
    const link = record({ style: "link", param: "page" });
    const next = '<https://elsewhere.test/x?page=3&per_page=2>; rel="next"';
    expect(nextPageQuery(link, page([1, 2], {}, { link: next }))).toEqual({ page: "3", per_page: "2" });
    expect(nextPageQuery(link, page([1], {}, { Link: '<https://api.test/?page=3>; rel="last"' }))).toBeUndefined();
  });

  it("cursor: the body's next cursor, or the last item's id while has_more; stops on null, false or an empty page", () => {
    const cursor = record({ style: "cursor", param: "cursor", items: "data", next: "meta.next" });
    expect(nextPageQuery(cursor, page({ data: [1], meta: { next: "c2" } }))).toEqual({ cursor: "c2" });
    expect(nextPageQuery(cursor, page({ data: [1], meta: { next: null } }))).toBeUndefined();
    expect(nextPageQuery(cursor, page({ data: [], meta: { next: "c2" } }))).toBeUndefined();
    const after = record({ style: "cursor", param: "after", items: "data", lastItem: "id", hasMore: "has_more" });
    expect(nextPageQuery(after, page({ data: [{ id: "a" }, { id: "b" }], has_more: true }))).toEqual({ after: "b" });
    expect(nextPageQuery(after, page({ data: [{ id: "a" }], has_more: false }))).toBeUndefined();
  });

  it("offset: the next offset until the total or a short page", () => {
    const offset = record({ style: "offset", param: "offset", size: "limit", items: "items", total: "total" });
    expect(nextPageQuery(offset, page({ items: [1, 2], total: 5 }, { offset: 2, limit: 2 }))).toEqual({ offset: 4 });
    expect(nextPageQuery(offset, page({ items: [1], total: 5 }, { offset: 4, limit: 2 }))).toBeUndefined();
    expect(nextPageQuery(offset, page({ items: [1, 2], total: 4 }, { offset: 2, limit: 2 }))).toBeUndefined();
  });

  it("page: the next number from the first, the declared default size when none is sent", () => {
    const numbered = record({ style: "page", param: "page", size: "size", defaultSize: 2, first: 0 });
    expect(nextPageQuery(numbered, page([1, 2]))).toEqual({ page: 1 });
    expect(nextPageQuery(numbered, page([1], { page: 1 }))).toBeUndefined();
    // A next-page URL in the body wins, and its absence ends the list.
    const linked = record({ style: "page", param: "page", items: "items", next: "links.next" });
    expect(nextPageQuery(linked, page({ items: [1], links: { next: "/v2/x?page=2&per_page=1" } }))).toEqual({
      page: "2",
      per_page: "1",
    });
    expect(nextPageQuery(linked, page({ items: [1], links: {} }))).toBeUndefined();
  });
});

describe("readHeaders", () => {
  const operation = {
    responses: [
      {
        status: "200",
        mediaTypes: [],
        headers: ["Link", "X-Total-Count", "X-Beta"],
        headerTypes: { "X-Total-Count": "number", "X-Beta": "boolean" },
      },
    ],
  } as unknown as ManifestOperation;

  it("reads the declared headers by their declared names, typed; leaves the others out", () => {
    const response = new Response(null, {
      headers: { link: "<a>; rel=next", "x-total-count": "12", "x-beta": "true", "x-other": "1" },
    });
    expect(readHeaders(operation, response)).toEqual({ Link: "<a>; rel=next", "X-Total-Count": 12, "X-Beta": true });
    expect(readHeaders(operation, new Response(null, { headers: { "x-total-count": "many" } }))).toEqual({
      "X-Total-Count": "many",
    });
  });
});

// The next page of a list. Only a server link's query is used, never its host or path: the operation is asked again.
import type { ManifestPagination } from "./manifest-types.ts";

/** The query parameters a page is asked with, on top of the call's own. */
export type PageQuery = Record<string, string | number>;

/** One page of an infinite query: the body, the response's declared headers and the query it was asked with. */
export interface ApiPage<Data, Headers = Record<string, unknown>> {
  data: Data;
  headers: Headers;
  query: Record<string, unknown>;
}

/** The value at a dotted path of a body (`meta.next_cursor`); `""` is the body itself. */
export function fieldAt(body: unknown, path: string): unknown {
  let current = body;
  for (const step of path === "" ? [] : path.split(".")) {
    if (typeof current !== "object" || current === null || !Object.hasOwn(current, step)) return undefined;
    current = (current as Record<string, unknown>)[step];
  }
  return current;
}

/** The items of one page, as the record says where they are (`[]` when the body holds none). */
export function pageItems(pagination: ManifestPagination, body: unknown): unknown[] {
  const items = fieldAt(body, pagination.items);
  return Array.isArray(items) ? items : [];
}

/** RFC 8288 `Link` header → relation (lower case) → URL (`<…?page=2>; rel="next", <…>; rel="last"`). */
export function parseLinks(header: string | null | undefined): Record<string, string> {
  const links: Record<string, string> = {};
  for (const match of (header ?? "").matchAll(/<([^>]*)>((?:\s*;\s*[^;,]+)*)/g)) {
    const rel = /;\s*rel\s*=\s*"?([^";,]+)"?/i.exec(match[2] ?? "")?.[1];
    for (const name of rel?.trim().split(/\s+/) ?? []) links[name.toLowerCase()] ??= match[1] ?? "";
  }
  return links;
}

function queryOf(url: string): PageQuery {
  return Object.fromEntries(new URL(url, "http://link.invalid").searchParams);
}

function count(value: unknown): number | undefined {
  const number = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
  return typeof number === "number" && Number.isFinite(number) ? number : undefined;
}

function header(headers: Record<string, unknown>, name: string): string | undefined {
  const key = Object.keys(headers).find((candidate) => candidate.toLowerCase() === name);
  const value = key === undefined ? undefined : headers[key];
  return typeof value === "string" ? value : undefined;
}

/** The query of the page after `page`, or undefined at the last (no next link or cursor, short page, all seen, …). */
export function nextPageQuery(pagination: ManifestPagination, page: ApiPage<unknown>): PageQuery | undefined {
  const { data, headers, query } = page;
  const items = pageItems(pagination, data);
  if (pagination.hasMore !== undefined && fieldAt(data, pagination.hasMore) === false) return undefined;
  if (pagination.style === "link") {
    const next = parseLinks(header(headers, "link")).next;
    return next === undefined ? undefined : queryOf(next);
  }
  const param = pagination.param ?? "";
  if (pagination.style === "cursor") {
    const cursor =
      pagination.next !== undefined
        ? fieldAt(data, pagination.next)
        : pagination.lastItem !== undefined
          ? fieldAt(items.at(-1), pagination.lastItem)
          : undefined;
    if ((typeof cursor !== "string" && typeof cursor !== "number") || cursor === "" || items.length === 0)
      return undefined;
    return { [param]: cursor };
  }
  if (pagination.next !== undefined) {
    const url = fieldAt(data, pagination.next);
    if (typeof url !== "string" || url === "") return undefined;
    const next = queryOf(url);
    if (next[param] !== undefined) return next;
  }
  if (items.length === 0) return undefined;
  const size = count(pagination.size === undefined ? undefined : query[pagination.size]) ?? pagination.defaultSize;
  const total = pagination.total === undefined ? undefined : count(fieldAt(data, pagination.total));
  if (size !== undefined && items.length < size) return undefined;
  if (pagination.style === "offset") {
    const seen = (count(query[param]) ?? 0) + items.length;
    return total !== undefined && seen >= total ? undefined : { [param]: seen };
  }
  const first = pagination.first ?? 1;
  const number = count(query[param]) ?? first;
  const seen = size === undefined ? undefined : (number - first) * size + items.length;
  return total !== undefined && seen !== undefined && seen >= total ? undefined : { [param]: number + 1 };
}

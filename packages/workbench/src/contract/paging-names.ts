// In one place so that `npm run api` and the fixtures learn a new name together.

/** Query parameters: a cursor, an offset, a page number, a page size. */
export const CURSOR_PARAMETERS = [
  "cursor",
  "after",
  "starting_after",
  "page_token",
  "pageToken",
  "next_token",
  "nextToken",
  "continuation",
  "continuation_token",
  "marker",
];

export const OFFSET_PARAMETERS = ["offset", "skip", "start"];

export const PAGE_PARAMETERS = ["page", "page_number", "pageNumber"];

export const SIZE_PARAMETERS = [
  "limit",
  "per_page",
  "perPage",
  "page_size",
  "pageSize",
  "size",
  "take",
  "max_results",
  "maxResults",
];

/** Body fields: the next page's cursor, false on the last page, the total count, the items. */
export const NEXT_FIELDS = [
  "next_page",
  "next_cursor",
  "nextCursor",
  "next_page_token",
  "nextPageToken",
  "next_token",
  "nextToken",
  "cursor",
  "next",
];

export const HAS_MORE_FIELDS = ["has_more", "hasMore", "has_next", "hasNext", "more"];

export const TOTAL_FIELDS = ["total", "total_count", "totalCount", "totalItems", "total_items", "count"];

export const ITEMS_FIELDS = ["data", "items", "results", "records", "entries", "values", "list", "nodes"];

/** Where in a list's envelope the fields above are looked for (`meta.total`, `links.next`). */
export const ENVELOPE_FIELDS = [
  "meta",
  "links",
  "pages",
  "pagination",
  "paging",
  "page_info",
  "pageInfo",
  "response_metadata",
];

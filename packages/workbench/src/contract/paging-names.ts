// In one place so that `npm run api` and the fixtures learn a new name together.

/** Query parameters that carry an opaque cursor for the next page. */
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

/** Query parameters that skip a number of items. */
export const OFFSET_PARAMETERS = ["offset", "skip", "start"];

/** Query parameters that number the page. */
export const PAGE_PARAMETERS = ["page", "page_number", "pageNumber"];

/** Query parameters that set how many items a page holds. */
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

/** Body fields that hold the next page's cursor. */
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

/** Boolean body fields that are false on the last page. */
export const HAS_MORE_FIELDS = ["has_more", "hasMore", "has_next", "hasNext", "more"];

/** Integer body fields that count every matching item. */
export const TOTAL_FIELDS = ["total", "total_count", "totalCount", "totalItems", "total_items", "count"];

/** Body fields that hold a page's items. */
export const ITEMS_FIELDS = ["data", "items", "results", "records", "entries", "values", "list", "nodes"];

/** Objects of a list's envelope in which the fields above are looked for (`meta.total`, `links.next`). */
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

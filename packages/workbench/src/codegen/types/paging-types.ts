import type { Manifest } from "../manifest/manifest.ts";

/** `export interface paging { "get /pets": { style: "cursor"; items: "items" } }`, keyed as the hooks name it. */
export function pagingTypes(manifest: Manifest): string {
  const members = manifest.operations.flatMap((operation) =>
    operation.pagination === undefined
      ? []
      : [
          `    ${JSON.stringify(`${operation.method} ${operation.path}`)}: { style: ${JSON.stringify(operation.pagination.style)}; items: ${JSON.stringify(operation.pagination.items)} };`,
        ],
  );
  const doc =
    "/** The list operations that page, and how (`npm run api` read it): `useInfiniteQuery` takes only these. */";
  return `${doc}\nexport interface paging {${members.length === 0 ? "" : `\n${members.join("\n")}\n`}}\n`;
}

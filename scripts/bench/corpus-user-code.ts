/**
 * What a user writes against a contract, for the corpus bench's type-check: one `useQuery`
 * on a read answering JSON, one `useInfiniteQuery` on a list that pages (when there is one),
 * one `useMutation` with its body, through the app's own hooks typed by the contract's
 * generated `paths` and `paging`. Arguments are values of the types the contract gives them
 * (`paths[path][method]["parameters"]`, the request body's media type), as a screen passes
 * what it holds; a result that is one body is read into the response type the contract
 * declares, so a hook that typed it wrongly fails to compile. No cast anywhere.
 */
import type { Manifest, ManifestOperation } from "@contract-workbench/runtime/manifest";

/** Which operations the user code calls, and how, by method and path. */
export interface UserCalls {
  query?: string;
  infinite?: string;
  mutation?: string;
}

const json = (mediaType: string) => /^application\/([\w.-]+\+)?json(\s*;.*)?$/i.test(mediaType);

/** A 200 answering JSON, the one a screen reads; its media type. */
function okJson(operation: ManifestOperation): string | undefined {
  return operation.responses.find((response) => response.status === "200")?.mediaTypes.find(json);
}

/** The success statuses, as openapi-fetch reads them: a call's data is the union of their bodies, in every media type. */
const OK = /^(20[0-7]|2XX)$/i;

/**
 * The one body a call's data is, when the operation answers success only with a 200 in one
 * media type: then the data must be exactly that type. Else the data is a union, which a
 * screen narrows, and is read as it comes.
 */
function onlyBody(operation: ManifestOperation): string | undefined {
  const ok = operation.responses.filter((response) => OK.test(response.status));
  const [only] = ok;
  return ok.length === 1 && only?.status === "200" && only.mediaTypes.length === 1 ? okJson(operation) : undefined;
}

/** The declaration of what a read's data is, exactly when it can be said (see `onlyBody`). */
function readInto(name: string, operation: ManifestOperation, value: string): string {
  const media = onlyBody(operation);
  return media === undefined
    ? `  const ${name} = ${value};`
    : `  const ${name}: ${operationType(operation)}["responses"][200]["content"][${literal(media)}] | undefined = ${value};`;
}

function literal(value: string): string {
  return JSON.stringify(value);
}

/** `paths["/x"]["get"]`, the operation's type. */
function operationType(operation: ManifestOperation): string {
  return `paths[${literal(operation.path)}][${literal(operation.method)}]`;
}

/**
 * The user file for one contract, importing the client and hooks from the runtime package (the
 * file is written in a scratch folder inside the repository, so the name resolves) and the
 * contract's types from `./schema.d.ts`; undefined when the contract has no operation a screen could call.
 *
 * @example
 * userCode(manifest)?.text;
 */
export function userCode(manifest: Manifest): { text: string; calls: UserCalls } | undefined {
  const lines: string[] = [];
  const calls: UserCalls = {};
  // Reads whose data is one body first: the check of what the hook returns is then exact.
  const reads = manifest.operations
    .filter((operation) => operation.method === "get" && okJson(operation))
    .sort((a, b) => Number(onlyBody(a) === undefined) - Number(onlyBody(b) === undefined));
  const query = reads[0];
  const paged = reads.find((operation) => operation.pagination !== undefined && operation.pagination !== null);
  const mutation = manifest.operations.find(
    (operation) => ["post", "put", "patch", "delete"].includes(operation.method) && !operation.path.includes("#"),
  );
  // The body an operation declares, as a user passes it (a GET may declare one: EVE Marketer's).
  const bodyOf = (operation: ManifestOperation): string => {
    const mediaType = operation.requestBody?.mediaTypes[0];
    return mediaType === undefined
      ? ""
      : `, body: body<NonNullable<${operationType(operation)}["requestBody"]>["content"][${literal(mediaType)}]>()`;
  };
  if (query !== undefined) {
    const type = operationType(query);
    calls.query = `GET ${query.path}`;
    lines.push(
      `  // One read, as a screen calls it.`,
      `  const queryParams: ${type}["parameters"] = params();`,
      `  const one = api.useQuery("get", ${literal(query.path)}, { params: queryParams${bodyOf(query)} });`,
      readInto("oneData", query, "one.data"),
    );
  }
  if (paged !== undefined) {
    const type = operationType(paged);
    calls.infinite = `GET ${paged.path}`;
    lines.push(
      `  // A list, a page at a time.`,
      `  const listParams: ${type}["parameters"] = params();`,
      `  const pages = api.useInfiniteQuery("get", ${literal(paged.path)}, { params: listParams${bodyOf(paged)} });`,
      readInto("firstPage", paged, "pages.data?.pages[0]?.data"),
    );
  }
  if (mutation !== undefined) {
    const type = operationType(mutation);
    calls.mutation = `${mutation.method.toUpperCase()} ${mutation.path}`;
    lines.push(
      `  // A change, with its body.`,
      `  const change = api.useMutation(${literal(mutation.method)}, ${literal(mutation.path)});`,
      `  const changeParams: ${type}["parameters"] = params();`,
      `  change.mutate({ params: changeParams${bodyOf(mutation)} });`,
    );
  }
  if (lines.length === 0) return undefined;
  const read = [query && "oneData", paged && "firstPage"].filter(Boolean).join(", ");
  return {
    calls,
    text: [
      `import { createApiClient, createApiHooks } from "@contract-workbench/runtime";`,
      `import type { paging, paths } from "./schema.d.ts";`,
      ``,
      `const manifest = { operations: [], resources: [] };`,
      `const api = createApiHooks<paths, paging>(createApiClient<paths>(manifest), { manifest });`,
      `/** Values a screen holds, of whatever type it is given. */`,
      `declare function params<T>(): T;`,
      `declare function body<T>(): T;`,
      ``,
      `export function useScreen() {`,
      ...lines,
      `  return [${read}] as const;`,
      `}`,
      ``,
    ].join("\n"),
  };
}

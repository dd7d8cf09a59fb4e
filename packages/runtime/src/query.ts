import {
  type InfiniteData,
  type QueryClient,
  type UseInfiniteQueryOptions,
  type UseInfiniteQueryResult,
  useInfiniteQuery,
  useQueryClient,
  type UseMutationOptions,
  type UseMutationResult,
  type UseQueryOptions,
  type UseQueryResult,
  type UseSuspenseQueryOptions,
  type UseSuspenseQueryResult,
} from "@tanstack/react-query";
import type { Client, ParseAsResponse } from "openapi-fetch";
import createQueryHooks from "openapi-react-query";
import type { HttpMethod, MediaType, ResponseObjectMap, SuccessResponse } from "openapi-typescript-helpers";
import { clientMethods } from "./client.ts";
import type { AnyPaths, Init } from "./init.ts";
import { type ApiError, fromErrorResponse, toApiError } from "./errors.ts";
import { readHeaders, type ResponseHeaders } from "./headers.ts";
import { type Invalidates, invalidationTargets } from "./invalidation.ts";
import type { Manifest, Method } from "./manifest-types.ts";
import { type ApiPage, nextPageQuery, type PageQuery } from "./paging.ts";
import type { StreamMediaType } from "./stream.ts";
import type { Call, Failure as FailureIn, Op, PathFor, Rest, RuntimeInit, TaggedKey } from "./operation-types.ts";

/** HTTP errors come back as an `ApiError` in `error`, all else throws one; by `response.ok`, so an empty one counts. */
function withApiErrors<Paths extends object>(client: Client<Paths>, methods: readonly string[]): Client<Paths> {
  const wrapped: Record<string, unknown> = { ...client };
  for (const method of methods) {
    const call = (client as unknown as Record<string, Call | undefined>)[method];
    if (call === undefined) continue; // a client made for another contract's operations
    wrapped[method] = async (url: string, init?: object) => {
      const result = await call(url, init).catch((error: unknown) => {
        throw toApiError(error, { method, url });
      });
      if (!result.response.ok) return { ...result, error: fromErrorResponse(result.error, result.response, method) };
      // A success without a body (204, …) is `null`: TanStack Query refuses `undefined` as data, reporting an error.
      return result.data === undefined ? { ...result, data: null } : result;
    };
  }
  return wrapped as unknown as Client<Paths>;
}

// The hook types: results computed from the call's arguments only and `NoInfer`, errors an
// `ApiError` (why not openapi-react-query's: docs/decisions/0027-one-declaration-of-the-hook-types.md).
type ContentKeys<Op> = Op extends { responses: infer R }
  ? { [S in keyof R]: R[S] extends { content: infer C } ? keyof C : never }[keyof R]
  : never;
type OneBody<Op> = Exclude<ContentKeys<Op>, StreamMediaType>;
/** Its JSON media types (`application/json`, `application/problem+json`, `…; charset=utf-8`). */
type JsonBody<Op> = Extract<OneBody<Op>, `${string}json${string}`>;
/** The media types a call's answer arrives in as one body: the JSON ones if any (the client parses JSON), else all. */
type BodyMedia<Op> = [OneBody<Op>] extends [never]
  ? MediaType
  : [JsonBody<Op>] extends [never]
    ? Extract<OneBody<Op>, MediaType>
    : Extract<JsonBody<Op>, MediaType>;
/** The body a call's success answers with: the contract's own type, without openapi-fetch's `Readable` (decision 25). */
type Data<P extends AnyPaths, M extends HttpMethod, Path extends keyof P, I> = ParseAsResponse<
  SuccessResponse<ResponseObjectMap<Op<P, M, Path>>, BodyMedia<Op<P, M, Path>>>,
  I
>;
/** The error a call's failure is, its body read as the answer's (`BodyMedia`). */
type Failure<P extends AnyPaths, M extends HttpMethod, Path extends keyof P> = FailureIn<
  P,
  M,
  Path,
  BodyMedia<Op<P, M, Path>>
>;
type QueryOpts<P extends AnyPaths, M extends HttpMethod, Path extends keyof P, I> = UseQueryOptions<
  Data<P, M, Path, I>,
  Failure<P, M, Path>,
  Data<P, M, Path, I>,
  ApiQueryKey<P, M, Path>
>;
/** The paths of `M` that page, read from `paging`'s keys (`"get /pets"`): testing every path is too deep (TS2589). */
type PagedPath<P extends AnyPaths, Paged, M extends HttpMethod> = {
  [K in keyof Paged & string]: K extends `${M} ${infer Path}` ? Extract<Path, keyof P> : never;
}[keyof Paged & string];
type Page<P extends AnyPaths, M extends HttpMethod, Path extends keyof P, I> = ApiPage<
  Data<P, M, Path, I>,
  ResponseHeaders<Op<P, M, Path>>
>;
type InfiniteOpts<P extends AnyPaths, M extends HttpMethod, Path extends keyof P, I> = UseInfiniteQueryOptions<
  Page<P, M, Path, I>,
  Failure<P, M, Path>,
  InfiniteData<Page<P, M, Path, I>, PageQuery>,
  ApiInfiniteKey<P, M, Path>,
  PageQuery
>;
/** What a call may set of an infinite query: everything but what the contract decides (the key, the fetch, the paging). */
type InfiniteExtra<P extends AnyPaths, M extends HttpMethod, Path extends keyof P, I> = Omit<
  InfiniteOpts<P, M, Path, I>,
  "queryKey" | "queryFn" | "initialPageParam" | "getNextPageParam"
>;

/** `[method, path, init, "pages"]`: an infinite query's key, apart from the single query of the same call. */
export type ApiInfiniteKey<P extends AnyPaths, M extends HttpMethod, Path extends keyof P> = TaggedKey<
  P,
  M,
  Path,
  "pages"
>;

/** `[method, path, init?]`, the key openapi-react-query gives each query. */
export type ApiQueryKey<P extends AnyPaths, M extends HttpMethod, Path extends keyof P> = readonly [
  M,
  Path,
  Init<P, M, Path>?,
];

/** The hooks of one method, fixed per method: generic per hook is too deep on large contracts (TS2589, decision 36). */
interface MethodHooks<P extends AnyPaths, Paged, M extends HttpMethod> {
  queryOptions<Path extends PathFor<P, M>, I extends Init<P, M, Path>>(
    method: M,
    path: Path,
    ...rest: Rest<I, Omit<QueryOpts<P, M, Path, I>, "queryKey" | "queryFn">>
  ): NoInfer<QueryOpts<P, M, Path, I>>;
  useQuery<Path extends PathFor<P, M>, I extends Init<P, M, Path>>(
    method: M,
    path: Path,
    ...rest: Rest<I, Omit<QueryOpts<P, M, Path, I>, "queryKey" | "queryFn">, QueryClient>
  ): NoInfer<UseQueryResult<Data<P, M, Path, I>, Failure<P, M, Path>>>;
  useSuspenseQuery<Path extends PathFor<P, M>, I extends Init<P, M, Path>>(
    method: M,
    path: Path,
    ...rest: Rest<
      I,
      Omit<
        UseSuspenseQueryOptions<Data<P, M, Path, I>, Failure<P, M, Path>, Data<P, M, Path, I>>,
        "queryKey" | "queryFn"
      >,
      QueryClient
    >
  ): NoInfer<UseSuspenseQueryResult<Data<P, M, Path, I>, Failure<P, M, Path>>>;
  useMutation<Path extends PathFor<P, M>, I extends Init<P, M, Path>>(
    method: M,
    path: Path,
    options?: Omit<UseMutationOptions<Data<P, M, Path, I>, Failure<P, M, Path>, I>, "mutationKey" | "mutationFn"> & {
      /** What to refresh once it succeeds; by default the reads of the resource it changed (see {@link Invalidates}). */
      invalidates?: Invalidates<PathFor<P, "get"> & string>;
    },
    queryClient?: QueryClient,
  ): NoInfer<UseMutationResult<Data<P, M, Path, I>, Failure<P, M, Path>, I>>;
  /** An infinite query over a list that pages: each page `{ data, headers, query }`, the next as the contract says. */
  infiniteQueryOptions<Path extends PagedPath<P, Paged, M>, I extends Init<P, M, Path>>(
    method: M,
    path: Path,
    ...rest: Rest<I, InfiniteExtra<P, M, Path, I>>
  ): NoInfer<InfiniteOpts<P, M, Path, I> & { queryKey: ApiInfiniteKey<P, M, Path> }>;
  useInfiniteQuery<Path extends PagedPath<P, Paged, M>, I extends Init<P, M, Path>>(
    method: M,
    path: Path,
    ...rest: Rest<I, InfiniteExtra<P, M, Path, I>, QueryClient>
  ): NoInfer<UseInfiniteQueryResult<InfiniteData<Page<P, M, Path, I>, PageQuery>, Failure<P, M, Path>>>;
  /** The headers a response declares, typed: `Location` after a create, rate limits, `Link`. */
  readHeaders<Path extends PathFor<P, M>>(
    method: M,
    path: Path,
    response: Response,
  ): NoInfer<ResponseHeaders<Op<P, M, Path>>>;
}

/** Typed TanStack Query hooks, one overload per method; `Paged` (the generated `paging`) says which lists page. */
export type ApiHooks<P extends AnyPaths, Paged = Record<never, never>> = MethodHooks<P, Paged, "get"> &
  MethodHooks<P, Paged, "put"> &
  MethodHooks<P, Paged, "post"> &
  MethodHooks<P, Paged, "delete"> &
  MethodHooks<P, Paged, "options"> &
  MethodHooks<P, Paged, "head"> &
  MethodHooks<P, Paged, "patch"> &
  MethodHooks<P, Paged, "trace">;

/** Where the hooks read the contract's operations (paging, headers) and resources (what a mutation refreshes). */
export interface ApiHooksOptions {
  manifest: Pick<Manifest, "operations" | "resources">;
}

type RuntimeOptions = Record<string, unknown> & {
  invalidates?: Parameters<typeof invalidationTargets>[3];
  onSuccess?: (...args: unknown[]) => unknown;
};
type RuntimeHooks = {
  useMutation(method: string, path: string, options?: RuntimeOptions, queryClient?: QueryClient): unknown;
};

/** Typed TanStack Query hooks (openapi-react-query's) over a `createApiClient` client, every failure an `ApiError`. */
export function createApiHooks<P extends AnyPaths, Paged = Record<never, never>>(
  client: Client<P>,
  options: ApiHooksOptions,
): ApiHooks<P, Paged> {
  const known = options.manifest;
  const typed = withApiErrors(client, clientMethods(known.operations));
  const base = createQueryHooks(typed) as unknown as RuntimeHooks & Record<string, unknown>;
  const operationOf = (method: string, path: string) =>
    known.operations.find((operation) => operation.method === method && operation.path === path);

  function infiniteQueryOptions(method: string, path: string, init?: RuntimeInit, extra?: Record<string, unknown>) {
    const operation = operationOf(method, path);
    return {
      queryKey: [method, path, init, "pages"] as const,
      queryFn: async ({ pageParam, signal }: { pageParam: PageQuery; signal: AbortSignal }) => {
        const query = { ...init?.params?.query, ...pageParam };
        const call = (typed as unknown as Record<string, Call>)[method.toUpperCase()] as Call;
        const { data, error, response } = await call(path, { ...init, signal, params: { ...init?.params, query } });
        if (error) throw error as ApiError; // withApiErrors made every failure an ApiError
        return { data: data ?? null, headers: readHeaders(operation, response), query };
      },
      initialPageParam: {} as PageQuery,
      getNextPageParam: (last: ApiPage<unknown>) =>
        operation?.pagination === undefined ? undefined : nextPageQuery(operation.pagination, last),
      ...extra,
    };
  }

  function useMutation(method: string, path: string, mutation: RuntimeOptions = {}, queryClient?: QueryClient) {
    const cache = useQueryClient(queryClient);
    const { invalidates, onSuccess, ...rest } = mutation;
    return base.useMutation(
      method,
      path,
      {
        ...rest,
        // Refreshed before the mutation settles, so a screen never shows the old list after "saved".
        onSuccess: async (...args: unknown[]) => {
          const targets = invalidationTargets(known, method as Method, path, invalidates);
          await Promise.all(targets.map((queryKey) => cache.invalidateQueries({ queryKey })));
          return onSuccess?.(...args);
        },
      },
      queryClient,
    );
  }

  return {
    ...base,
    useMutation,
    infiniteQueryOptions,
    useInfiniteQuery: (
      method: string,
      path: string,
      init?: RuntimeInit,
      extra?: Record<string, unknown>,
      queryClient?: QueryClient,
    ) => useInfiniteQuery(infiniteQueryOptions(method, path, init, extra), queryClient),
    readHeaders: (method: string, path: string, response: Response) => readHeaders(operationOf(method, path), response),
  } as unknown as ApiHooks<P, Paged>;
}

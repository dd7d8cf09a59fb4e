import type {
  QueryClient,
  UseMutationOptions,
  UseMutationResult,
  UseQueryOptions,
  UseQueryResult,
  UseSuspenseQueryOptions,
  UseSuspenseQueryResult,
} from "@tanstack/react-query";
import type { Client, FetchResponse, MaybeOptionalInit } from "openapi-fetch";
import createQueryHooks from "openapi-react-query";
import type { HttpMethod, MediaType, PathsWithMethod, RequiredKeysOf } from "openapi-typescript-helpers";
import { apiClient, METHODS } from "./client";
import { type ApiError, fromErrorResponse, toApiError } from "./errors";
import type { paths } from "./schema";

type Call = (url: string, init?: object) => Promise<{ error?: unknown; response: Response }>;

/**
 * Wraps a client so that every failure is an `ApiError`: HTTP errors come back as
 * `error: ApiError` (carrying the contract's error body), everything else throws one.
 * Decided by `response.ok`, not by whether a body was present, so an error status
 * with an empty body is still an error.
 */
function withApiErrors<Paths extends object>(client: Client<Paths>): Client<Paths> {
  const wrapped: Record<string, unknown> = { ...client };
  for (const method of METHODS) {
    const call = client[method] as unknown as Call;
    wrapped[method] = async (url: string, init?: object) => {
      let result: Awaited<ReturnType<Call>>;
      try {
        result = await call(url, init);
      } catch (error) {
        throw toApiError(error, { method, url });
      }
      if (!result.response.ok) return { ...result, error: fromErrorResponse(result.error, result.response, method) };
      // A success without a body (204, or a 200 the contract gives no content) is `null`:
      // TanStack Query refuses `undefined` as data and would report an error.
      return (result as { data?: unknown }).data === undefined ? { ...result, data: null } : result;
    };
  }
  return wrapped as unknown as Client<Paths>;
}

// The hook types below are openapi-react-query's, with one change: the error is an
// `ApiError` whose `body` is the error body the contract declares for the call.
// Looser than openapi-fetch's own `Record<string, Record<HttpMethod, {}>>`, which the
// generated `paths` (with `put?: never`) only meets because libraries skip lib checks.
type AnyPaths = Record<string, Partial<Record<HttpMethod, Record<string, unknown>>>>;
type Init<P extends AnyPaths, Method extends HttpMethod, Path extends PathFor<P, Method>> = MaybeOptionalInit<
  P[Path],
  Method
>;
type Res<P extends AnyPaths, Method extends HttpMethod, Path extends PathFor<P, Method>, I> = Required<
  FetchResponse<NonNullable<P[Path][Method]>, I, MediaType>
>;
type Rest<I, Options, Extra = never> =
  RequiredKeysOf<I> extends never
    ? [init?: I & Record<string, unknown>, options?: Options, ...extra: Extra[]]
    : [init: I & Record<string, unknown>, options?: Options, ...extra: Extra[]];
type QueryOpts<
  P extends AnyPaths,
  M extends HttpMethod,
  Path extends PathFor<P, M>,
  R extends { data: unknown; error: unknown },
> = UseQueryOptions<R["data"], ApiError<R["error"]>, R["data"], ApiQueryKey<P, M, Path>>;
/**
 * The paths that have `M`. An empty contract generates `paths` as `Record<string, never>`,
 * for which openapi-fetch's `PathsWithMethod` would accept any string: here it accepts none.
 */
type PathFor<P extends AnyPaths, M extends HttpMethod> = string extends keyof P ? never : PathsWithMethod<P, M>;

/** `[method, path, init?]`, the key openapi-react-query gives each query. */
export type ApiQueryKey<P extends AnyPaths, M extends HttpMethod, Path extends PathFor<P, M>> = readonly [
  M,
  Path,
  Init<P, M, Path>?,
];

/** Typed TanStack Query hooks for every operation of a contract. */
export interface ApiHooks<P extends AnyPaths> {
  queryOptions<
    M extends HttpMethod,
    Path extends PathFor<P, M>,
    I extends Init<P, M, Path>,
    R extends Res<P, M, Path, I>,
  >(
    method: M,
    path: Path,
    ...rest: Rest<I, Omit<QueryOpts<P, M, Path, R>, "queryKey" | "queryFn">>
  ): QueryOpts<P, M, Path, R>;
  useQuery<M extends HttpMethod, Path extends PathFor<P, M>, I extends Init<P, M, Path>, R extends Res<P, M, Path, I>>(
    method: M,
    path: Path,
    ...rest: Rest<I, Omit<QueryOpts<P, M, Path, R>, "queryKey" | "queryFn">, QueryClient>
  ): UseQueryResult<R["data"], ApiError<R["error"]>>;
  useSuspenseQuery<
    M extends HttpMethod,
    Path extends PathFor<P, M>,
    I extends Init<P, M, Path>,
    R extends Res<P, M, Path, I>,
  >(
    method: M,
    path: Path,
    ...rest: Rest<
      I,
      Omit<UseSuspenseQueryOptions<R["data"], ApiError<R["error"]>, R["data"]>, "queryKey" | "queryFn">,
      QueryClient
    >
  ): UseSuspenseQueryResult<R["data"], ApiError<R["error"]>>;
  useMutation<
    M extends HttpMethod,
    Path extends PathFor<P, M>,
    I extends Init<P, M, Path>,
    R extends Res<P, M, Path, I>,
  >(
    method: M,
    path: Path,
    options?: Omit<UseMutationOptions<R["data"], ApiError<R["error"]>, I>, "mutationKey" | "mutationFn">,
    queryClient?: QueryClient,
  ): UseMutationResult<R["data"], ApiError<R["error"]>, I>;
}

/**
 * Creates typed TanStack Query hooks (through openapi-react-query) over a client
 * from `createApiClient`, with every failure normalised to an `ApiError`.
 *
 * @example
 * const hooks = createApiHooks(createApiClient<paths>());
 */
export function createApiHooks<P extends AnyPaths>(client: Client<P>): ApiHooks<P> {
  return createQueryHooks(withApiErrors(client)) as unknown as ApiHooks<P>;
}

/**
 * The app's hooks, for every operation of the contract.
 *
 * @example
 * const things = api.useQuery("get", "/things");
 * if (things.error?.kind === "problem") console.log(things.error.problem?.title);
 */
export const api: ApiHooks<paths> = createApiHooks(apiClient);

// The types the hooks and the streams share (why ours: docs/decisions/0027-one-declaration-of-the-hook-types.md).
import type {
  ErrorResponse,
  HttpMethod,
  MediaType,
  PathsWithMethod,
  RequiredKeysOf,
  ResponseObjectMap,
} from "openapi-typescript-helpers";
import type { ApiError } from "./errors.ts";
import type { AnyPaths, Init } from "./init.ts";

export type Op<P extends AnyPaths, M extends HttpMethod, Path extends keyof P> = NonNullable<P[Path][M]>;

/** The error a call's failure is: an `ApiError` carrying the error body the contract declares in `Media`. */
export type Failure<
  P extends AnyPaths,
  M extends HttpMethod,
  Path extends keyof P,
  Media extends MediaType = MediaType,
> = ApiError<ErrorResponse<ResponseObjectMap<Op<P, M, Path>>, Media>>;

/** The paths that have `M`; none for an empty contract, whose `paths` openapi-fetch would let take any string. */
export type PathFor<P extends AnyPaths, M extends HttpMethod> = string extends keyof P ? never : PathsWithMethod<P, M>;

/** A call's arguments after its path: the init (required when something in it is), the options, then `Extra`. */
export type Rest<I, Options, Extra = never> =
  RequiredKeysOf<I> extends never
    ? [init?: I & Record<string, unknown>, options?: Options, ...extra: Extra[]]
    : [init: I & Record<string, unknown>, options?: Options, ...extra: Extra[]];

/** `[method, path, init, tag]`: the key of a query that reads a call in another way than its single query. */
export type TaggedKey<P extends AnyPaths, M extends HttpMethod, Path extends keyof P, Tag extends string> = readonly [
  M,
  Path,
  Init<P, M, Path> | undefined,
  Tag,
];

/** An init as the implementations read it, untyped. */
export type RuntimeInit = Record<string, unknown> & {
  params?: { query?: Record<string, unknown> } & Record<string, unknown>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
};

/** A method of an openapi-fetch client, untyped. */
export type Call = (url: string, init?: object) => Promise<{ data?: unknown; error?: unknown; response: Response }>;

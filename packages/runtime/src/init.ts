// A call's init: openapi-fetch's without its `Writable` body, which a typed value may not assign to (decision 25).
import type { FetchOptions } from "openapi-fetch";
import type {
  FilterKeys,
  HttpMethod,
  IsOperationRequestBodyOptional,
  OperationRequestBodyContent,
  RequiredKeysOf,
} from "openapi-typescript-helpers";

/** Any contract's `paths`: looser than openapi-fetch's, which the generated `paths` (with `put?: never`) only meets because libraries skip lib checks. */
export type AnyPaths = Record<string, Partial<Record<HttpMethod, Record<string, unknown>>>>;

type BodyOption<Op> =
  OperationRequestBodyContent<Op> extends never
    ? { body?: never }
    : IsOperationRequestBodyOptional<Op> extends true
      ? { body?: OperationRequestBodyContent<Op> }
      : { body: OperationRequestBodyContent<Op> };

type CallInit<Op> = Omit<FetchOptions<Op>, "body"> & BodyOption<Op>;

/** The init of a call to `method` on `path`: optional when nothing in it is required. */
export type Init<P extends AnyPaths, M extends HttpMethod, Path extends keyof P> =
  RequiredKeysOf<CallInit<FilterKeys<P[Path], M>>> extends never
    ? CallInit<FilterKeys<P[Path], M>> | undefined
    : CallInit<FilterKeys<P[Path], M>>;

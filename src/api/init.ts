// What a call takes, typed as the contract's `paths` spells it. openapi-fetch's own init passes
// the request body through `Writable`, which strips `$Read` markers; `paths` is generated
// without them (docs/decisions/0025-the-contracts-own-types.md), and `Writable` would only
// remap the body: an `allOf` whose parts both declare a property (`{a?: X} & {a?: Y}`) comes
// out as a type the contract's own no longer assigns to, so what a screen holds is refused.
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

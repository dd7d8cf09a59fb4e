// The headers a response declares, typed by the contract: numbers and booleans as it types them.
import type { OkStatus } from "openapi-typescript-helpers";
import type { ManifestOperation } from "./manifest-types.ts";

/** An object type without its `[name: string]: unknown` index signature. */
type Declared<H> = { [K in keyof H as string extends K ? never : number extends K ? never : K]: H[K] };

/** The headers an operation's success responses declare (`Op`: an entry of `operations`, or `paths[path][method]`). */
export type ResponseHeaders<Op> = Op extends { responses: infer R }
  ? {
      [S in keyof R & OkStatus]: R[S] extends { headers: infer H } ? Declared<H> : Record<never, never>;
    }[keyof R & OkStatus]
  : Record<never, never>;

function typed(value: string, type: "number" | "boolean" | undefined): unknown {
  if (type === "number") return value.trim() === "" || Number.isNaN(Number(value)) ? value : Number(value);
  if (type === "boolean") return value === "true" ? true : value === "false" ? false : value;
  return value;
}

/** The declared headers of the response that came, numbers and booleans converted (else text, as sent). */
export function readHeaders(operation: ManifestOperation | undefined, response: Response): Record<string, unknown> {
  const declared =
    operation?.responses.find((entry) => entry.status === String(response.status)) ??
    operation?.responses.find((entry) => entry.status.toUpperCase() === `${String(response.status).charAt(0)}XX`);
  // Entries, not assignments: a header named `__proto__` stays a header.
  return Object.fromEntries(
    (declared?.headers ?? []).flatMap((name) => {
      const value = response.headers.get(name);
      return value === null ? [] : [[name, typed(value, declared?.headerTypes?.[name])]];
    }),
  );
}

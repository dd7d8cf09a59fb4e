// The hooks give data, not the response: a middleware keeps its headers.
import { useMemo, useState, type ComponentPropsWithoutRef } from "react";
import type { ContractHeader } from "../contract/contract-types.ts";
import { isFollowedHeader } from "../contract/media-and-status.ts";
import "./response-headers.css";

export function useResponseHeaders() {
  const [headers, setHeaders] = useState<Headers | undefined>(undefined);
  const middleware = useMemo(
    () => ({
      onResponse({ response }: { response: Response }) {
        setHeaders(new Headers(response.headers));
        return undefined;
      },
    }),
    [],
  );
  return { middleware, headers };
}

export interface ResponseHeadersProps extends ComponentPropsWithoutRef<"section"> {
  declared?: Record<string, ContractHeader> | undefined;
  headers: Headers | undefined;
  /** A redirect's `Location` is not sent by the mocks. */
  status: string;
  /** Tells apart several responses' lists on one page. */
  place: string;
}

function notSent(status: string, name: string, header: ContractHeader | undefined): string {
  if (isFollowedHeader(status, name)) {
    const example = header?.examples?.[0];
    const shown = typeof example === "string" ? ` The contract's example: ${example}` : "";
    return `Not sent by the mocks: a browser follows it, to where the contract says nothing.${shown}`;
  }
  return header?.required === true ? "Not sent (the contract requires it)" : "Not sent";
}

export function ResponseHeaders({ declared = {}, headers, status, place, className, ...rest }: ResponseHeadersProps) {
  const names = Object.keys(declared);
  if (names.length === 0 || headers === undefined) return null;
  return (
    <section
      className={["response-headers", className].filter(Boolean).join(" ")}
      aria-label={`${place} › Response headers`}
      {...rest}
    >
      <h3 className="response-headers__title">Response headers</h3>
      <dl className="response-headers__list">
        {names.map((name) => {
          const value = headers.get(name);
          return (
            <div key={name} className="response-headers__entry">
              <dt>
                <code>{name}</code>
              </dt>
              <dd data-sent={value !== null}>{value ?? notSent(status, name, declared[name])}</dd>
            </div>
          );
        })}
      </dl>
    </section>
  );
}

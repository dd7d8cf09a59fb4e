// Whether a request carries its operation's credentials: presence only, never the value (never logged or echoed).
import type { ManifestOperation } from "@contract-workbench/runtime/manifest";
import type { SecurityScheme } from "./served-contract.ts";

function cookieNames(request: Request): Set<string> {
  const header = request.headers.get("cookie") ?? "";
  return new Set(header.split(";").map((pair) => pair.split("=")[0]?.trim() ?? ""));
}

function carries(request: Request, scheme: SecurityScheme | undefined): boolean {
  const authorization = request.headers.get("authorization") ?? "";
  switch (scheme?.type) {
    case "apiKey":
      if (scheme.in === "header") return request.headers.has(scheme.name);
      if (scheme.in === "query") return new URL(request.url).searchParams.has(scheme.name);
      return cookieNames(request).has(scheme.name);
    case "http":
      return authorization.toLowerCase().startsWith(`${scheme.scheme.toLowerCase()} `);
    case "oauth2":
    case "openIdConnect":
      return /^bearer /i.test(authorization);
    default:
      // A scheme the document does not describe inline, or mutual TLS: nothing in the request to look for.
      return true;
  }
}

/** How a scheme is sent, for the problem that says it is missing. */
export function schemeRule(name: string, scheme: SecurityScheme | undefined): string {
  switch (scheme?.type) {
    case "apiKey":
      return `${name}: an API key in the ${scheme.in} ${scheme.name}`;
    case "http":
      return `${name}: an Authorization header "${scheme.scheme} …"`;
    case "oauth2":
    case "openIdConnect":
      return `${name}: an Authorization header "Bearer …"`;
    default:
      return name;
  }
}

/** The operation's security alternatives, each scheme as it is sent, when the request carries none whole. */
export function missingCredentials(
  op: ManifestOperation,
  request: Request,
  schemes: ReadonlyMap<string, SecurityScheme>,
): string[][] | undefined {
  if (op.security.length === 0) return undefined;
  const met = op.security.some((alternative) => alternative.every((name) => carries(request, schemes.get(name))));
  if (met) return undefined;
  return op.security.map((alternative) => alternative.map((name) => schemeRule(name, schemes.get(name))));
}

/** The headers a browser client may send for the contract's security schemes (CORS preflights). */
export function credentialHeaders(schemes: ReadonlyMap<string, SecurityScheme>): string[] {
  const names = [...schemes.values()].flatMap((scheme) =>
    scheme.type !== "apiKey" ? ["authorization"] : scheme.in === "header" ? [scheme.name.toLowerCase()] : [],
  );
  return [...new Set(names)];
}

/** The `WWW-Authenticate` of a 401 (RFC 9110): one challenge per HTTP or OAuth scheme the operation accepts. */
export function challenges(
  op: ManifestOperation,
  schemes: ReadonlyMap<string, SecurityScheme>,
): Record<string, string> {
  const names = new Set<string>();
  for (const name of op.security.flat()) {
    const scheme = schemes.get(name);
    if (scheme?.type === "http")
      names.add(scheme.scheme.charAt(0).toUpperCase() + scheme.scheme.slice(1).toLowerCase());
    else if (scheme?.type === "oauth2" || scheme?.type === "openIdConnect") names.add("Bearer");
  }
  return names.size === 0 ? {} : { "WWW-Authenticate": [...names].join(", ") };
}

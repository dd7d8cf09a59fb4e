import type { ReactNode } from "react";
import type { identity } from "virtual:contract-workbench/product";
import "./gallery-session.css";

type SessionStatus = ReturnType<NonNullable<typeof identity>["useSession"]>["status"];

export interface GallerySessionProps {
  children: ReactNode;
  /** Why the seeded account could not sign in (the `offline` scenario), shown instead of a bare "signed out". */
  signInProblem?: string;
  /** The product's session hook (the binding's `identity.useSession`). */
  useSession: NonNullable<typeof identity>["useSession"];
}

/** The banner's words for each state of the product's session. */
function wordsFor(
  status: SessionStatus,
  email: string | null | undefined,
  signInProblem: string | undefined,
): [title: string, detail: string] {
  switch (status) {
    case "loading":
      return ["Checking the session…", ""];
    case "signed-in":
      return [
        `Signed in as ${email ?? "a seeded account"}.`,
        "The operation requires credentials: the call carries the session's ID token (a seeded account of the identity fixtures).",
      ];
    case "expired":
      return [
        "Session expired.",
        "The API refused the ID token, then the refreshed one: the app ends the session and asks to sign in again.",
      ];
    case "unavailable":
      return ["No identity provider in this build.", "The call goes without credentials."];
    default:
      return [
        "Signed out.",
        signInProblem
          ? `The seeded account could not sign in (${signInProblem}): the call goes without credentials.`
          : "The call goes without credentials.",
      ];
  }
}

/**
 * The product's session, as a gallery story of an operation that requires credentials
 * runs in it: a banner above the response says who is signed in and, once the API has
 * refused the token and the refreshed one, that the session expired, while the response
 * below still shows what the API answered. Renders `children` only once the session is
 * known, so that the call goes out with the token. Must sit inside the product's
 * `SessionProvider`. The banner exposes `data-session` (the session's status).
 *
 * @example
 * <SessionProvider><GallerySession useSession={useSession}><OperationResponse … /></GallerySession></SessionProvider>
 */
export function GallerySession({ children, signInProblem, useSession }: GallerySessionProps) {
  const { status, account } = useSession();
  const [title, detail] = wordsFor(status, account?.email, signInProblem);
  return (
    <div className="gallery-session">
      <p className="gallery-session__banner" role="status" data-session={status}>
        <strong>{title}</strong> {detail}
      </p>
      {status === "loading" ? null : children}
    </div>
  );
}

/**
 * A story of an operation that requires credentials, in an app that lends the workbench no
 * identity provider (its binding's `identity` is undefined): the call goes without credentials
 * and the fixtures answer it as declared; the banner says so (`data-session="none"`).
 */
export function GalleryWithoutIdentity({ children }: { children: ReactNode }) {
  return (
    <div className="gallery-session">
      <p className="gallery-session__banner" role="status" data-session="none">
        <strong>Not signed in.</strong> The operation requires credentials, but the app lends the workbench no identity
        provider: the call goes without them, and the fixtures answer it as declared.
      </p>
      {children}
    </div>
  );
}

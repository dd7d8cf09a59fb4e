import type { ReactNode } from "react";
import type { identity } from "virtual:contract-workbench/product";
import "./gallery-session.css";

type SessionStatus = ReturnType<NonNullable<typeof identity>["useSession"]>["status"];

export interface GallerySessionProps {
  children: ReactNode;
  /** Why the seeded account could not sign in (the `offline` scenario). */
  signInProblem?: string;
  useSession: NonNullable<typeof identity>["useSession"];
}

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

/** Inside the `SessionProvider`; `children` render once the session is known, so the call carries the token. */
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

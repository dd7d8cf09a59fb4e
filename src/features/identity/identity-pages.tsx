import type { ReactNode } from "react";
import { href, navigate, useRoute } from "@/lib/route.ts";
import { Spinner } from "@/components/spinner.tsx";
import { AccountView } from "./account-view.tsx";
import { useSession } from "./session.tsx";
import { SignInForm } from "./sign-in-form.tsx";
import { SignUpForm } from "./sign-up-form.tsx";

/**
 * Shows `children` only with a session. Without one, the sign-in screen takes the
 * page's place at the same address, so that signing in shows the page the person
 * asked for ("back where they were") with no redirect to remember.
 *
 * @example
 * <RequireSession><AccountView /></RequireSession>
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const { status } = useSession();
  const { path } = useRoute();
  if (status === "loading") return <Spinner label="Checking your session…" />;
  if (status === "unavailable") return <p>Sign-in is not available in this build.</p>;
  if (status !== "signed-in") return <SignInForm signUpHref={href(`/sign-up?next=${path}`)} />;
  return children;
}

/** The identity routes: `/sign-in`, `/sign-up` (each returns to `next`) and `/account` (needs a session). */
export function IdentityPage({ path, next }: { path: string; next: string | null }) {
  const after = () => navigate(next ?? "/account");
  if (path === "/sign-up")
    return <SignUpForm onSignedUp={after} signInHref={href(`/sign-in${next ? `?next=${next}` : ""}`)} />;
  if (path === "/account")
    return (
      <RequireSession>
        <AccountView />
      </RequireSession>
    );
  return <SignInForm onSignedIn={after} signUpHref={href(`/sign-up${next ? `?next=${next}` : ""}`)} />;
}

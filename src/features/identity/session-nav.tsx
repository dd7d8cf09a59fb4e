import type { ComponentPropsWithRef } from "react";
import { href } from "@/lib/route.ts";
import { useSession } from "./session.tsx";

/**
 * The header's session links: "Sign in" and "Create account" when signed out, the
 * account (by e-mail) when signed in, nothing when this build has no identity provider.
 * Exposes `data-status`.
 *
 * @example
 * <SessionNav />
 */
export function SessionNav({ className, ...props }: ComponentPropsWithRef<"nav">) {
  const { status, account } = useSession();
  if (status === "unavailable") return null;
  return (
    <nav
      {...props}
      aria-label="Account"
      className={className ? `session-nav ${className}` : "session-nav"}
      data-status={status}
    >
      {status === "signed-in" ? (
        <a href={href("/account")}>{account?.email ?? "Your account"}</a>
      ) : status === "loading" ? null : (
        <>
          <a href={href("/sign-in")}>Sign in</a>
          <a href={href("/sign-up")}>Create account</a>
        </>
      )}
    </nav>
  );
}

import { useEffect, useState, type ComponentPropsWithRef } from "react";
import { Button } from "@/components/button.tsx";
import { identityErrorMessage } from "./errors.ts";
import { FormAlert } from "./form-alert.tsx";
import { useSession } from "./session.tsx";
import "./identity.css";

function formatTime(value: string | undefined): string {
  if (value === undefined) return "Unknown";
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return "Unknown";
  return (
    new Intl.DateTimeFormat(undefined, { dateStyle: "long", timeStyle: "short", timeZone: "UTC" }).format(date) + " UTC"
  );
}

export type AccountViewProps = ComponentPropsWithRef<"section">;

/**
 * The signed-in account as the provider holds it (looked up again when shown): e-mail,
 * whether it is verified, when it was created and last signed in; and sign out.
 * Exposes `data-verified`.
 *
 * @example
 * <AccountView />
 */
export function AccountView({ className, ...props }: AccountViewProps) {
  const { account, reloadAccount, signOut } = useSession();
  const [problem, setProblem] = useState<string | undefined>();
  const [signingOut, setSigningOut] = useState(false);

  useEffect(() => {
    // A lookup that ends after the view has gone (signed out, navigated away) has no one
    // to tell: dropping it also keeps a late answer from touching a torn-down page.
    let shown = true;
    reloadAccount().catch((error: unknown) => {
      if (shown) setProblem(identityErrorMessage(error).message);
    });
    return () => {
      shown = false;
    };
  }, [reloadAccount]);

  if (!account) return null;
  return (
    <section
      {...props}
      aria-labelledby="account-title"
      className={className ? `identity-account ${className}` : "identity-account"}
      data-verified={account.emailVerified}
    >
      <h1 id="account-title" className="identity-form__title">
        Your account
      </h1>
      {problem ? <FormAlert>{problem}</FormAlert> : null}
      <dl className="identity-account__facts">
        <dt>E-mail</dt>
        <dd>{account.email ?? "None"}</dd>
        <dt>E-mail verified</dt>
        <dd>{account.emailVerified ? "Yes" : "Not yet"}</dd>
        <dt>Created</dt>
        <dd>{formatTime(account.createdAt)}</dd>
        <dt>Last signed in</dt>
        <dd>{formatTime(account.lastSignInAt)}</dd>
      </dl>
      {/* Seam: "Verify your e-mail", "Change password" and linked social accounts would
          go here; the specification shows none of them. */}
      <Button
        variant="secondary"
        loading={signingOut}
        onClick={() => {
          setSigningOut(true);
          signOut().catch((error: unknown) => {
            setSigningOut(false);
            setProblem(identityErrorMessage(error).message);
          });
        }}
      >
        Sign out
      </Button>
    </section>
  );
}

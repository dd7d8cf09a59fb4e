import type { ComponentPropsWithRef } from "react";
import { Button } from "@/components/button.tsx";
import { CredentialsFields } from "./credentials-fields.tsx";
import { FormAlert } from "./form-alert.tsx";
import { useSession } from "./session.tsx";
import { useCredentialsForm } from "./use-credentials-form.ts";
import "./identity.css";

export interface SignInFormProps extends Omit<ComponentPropsWithRef<"form">, "onSubmit"> {
  /** Called once signed in (to return where the person was). */
  onSignedIn?: () => void;
  /** Where the "Create an account" link goes. */
  signUpHref?: string;
}

/**
 * E-mail and password sign-in. Checks the fields before calling the provider, then shows
 * the provider's refusal in words (./errors.ts), beside the field it concerns or above
 * the form. Exposes `data-state` (`idle`, `submitting`, `failed`).
 *
 * @example
 * <SignInForm onSignedIn={() => navigate("/account")} signUpHref="#/sign-up" />
 */
export function SignInForm({ onSignedIn, signUpHref = "#/sign-up", className, ...props }: SignInFormProps) {
  const { signIn, status } = useSession();
  const { problems, submitting, fields, formProps } = useCredentialsForm({
    passwordProblem: (value) => (value === "" ? "Enter your password." : undefined),
    send: signIn,
    onDone: onSignedIn,
  });

  return (
    <form
      {...props}
      {...formProps}
      aria-labelledby="sign-in-title"
      className={className ? `identity-form ${className}` : "identity-form"}
    >
      <h1 id="sign-in-title" className="identity-form__title">
        Sign in
      </h1>
      {status === "expired" ? <FormAlert tone="info">Your session has expired. Sign in again.</FormAlert> : null}
      {problems.form ? <FormAlert>{problems.form}</FormAlert> : null}
      <CredentialsFields {...fields} passwordAutoComplete="current-password" />
      {/* Seam: a "Forgot your password?" link (sendPasswordResetEmail) and social sign-in
          buttons would go here; the specification shows neither. */}
      <Button type="submit" loading={submitting}>
        Sign in
      </Button>
      <p className="identity-form__switch">
        New here? <a href={signUpHref}>Create an account</a>
      </p>
    </form>
  );
}

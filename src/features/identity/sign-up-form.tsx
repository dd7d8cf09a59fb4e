import { useEffect, useState, type ComponentPropsWithRef } from "react";
import { Button } from "@/components/button.tsx";
import { CredentialsFields } from "./credentials-fields.tsx";
import { FormAlert } from "./form-alert.tsx";
import { PasswordChecklist } from "./password-checklist.tsx";
import { useSession } from "./session.tsx";
import { useCredentialsForm } from "./use-credentials-form.ts";
import { passwordRules, type PasswordRule } from "./validation.ts";
import "./identity.css";

export interface SignUpFormProps extends Omit<ComponentPropsWithRef<"form">, "onSubmit"> {
  /** Called once the account exists and is signed in. */
  onSignedUp?: () => void;
  /** Where the "Sign in instead" link goes. */
  signInHref?: string;
}

/**
 * Account creation: e-mail, and a password checked live against the project's policy
 * (the SDK's `validatePassword` reads it from the provider), shown as a checklist.
 * Exposes `data-state` (`idle`, `submitting`, `failed`).
 *
 * @example
 * <SignUpForm onSignedUp={() => navigate("/account")} />
 */
export function SignUpForm({ onSignedUp, signInHref = "#/sign-in", className, ...props }: SignUpFormProps) {
  const { signUp, validatePassword } = useSession();
  const [rules, setRules] = useState<PasswordRule[] | null>(null);
  const { password, problems, submitting, fields, formProps } = useCredentialsForm({
    passwordProblem: (value) =>
      value === ""
        ? "Choose a password."
        : rules?.some((rule) => !rule.met)
          ? "This password does not meet the requirements listed below."
          : undefined,
    send: signUp,
    onDone: onSignedUp,
  });

  // The checklist follows every keystroke; the policy is fetched once, then cached by the SDK.
  useEffect(() => {
    let current = true;
    validatePassword(password).then(
      (status) => {
        if (current) setRules(passwordRules(status));
      },
      () => {
        // No policy (offline, or a provider without one): the provider still checks on submit.
        if (current) setRules([]);
      },
    );
    return () => {
      current = false;
    };
  }, [password, validatePassword]);

  return (
    <form
      {...props}
      {...formProps}
      aria-labelledby="sign-up-title"
      className={className ? `identity-form ${className}` : "identity-form"}
    >
      <h1 id="sign-up-title" className="identity-form__title">
        Create an account
      </h1>
      {problems.form ? <FormAlert>{problems.form}</FormAlert> : null}
      <CredentialsFields {...fields} passwordAutoComplete="new-password" passwordDescribedBy="password-requirements" />
      <div id="password-requirements" className="identity-form__requirements">
        <p className="identity-form__requirements-title">Your password needs:</p>
        {rules === null ? null : <PasswordChecklist rules={rules} aria-label="Password requirements" />}
      </div>
      {/* Seam: e-mail verification (sendEmailVerification after sign-up) would start here;
          the specification does not show it. */}
      <Button type="submit" loading={submitting}>
        Create account
      </Button>
      <p className="identity-form__switch">
        Already have an account? <a href={signInHref}>Sign in instead</a>
      </p>
    </form>
  );
}

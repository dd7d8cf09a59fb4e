import { useEffect, useRef, useState, type ComponentPropsWithRef, type FormEvent } from "react";
import { Button } from "@/components/button";
import { CredentialsFields } from "./credentials-fields";
import { identityErrorMessage } from "./errors";
import { FormAlert } from "./form-alert";
import { PasswordChecklist } from "./password-checklist";
import { useSession } from "./session";
import { emailProblem, passwordRules, type PasswordRule } from "./validation";
import "./identity.css";

export interface SignUpFormProps extends Omit<ComponentPropsWithRef<"form">, "onSubmit"> {
  /** Called once the account exists and is signed in. */
  onSignedUp?: () => void;
  /** Where the "Sign in instead" link goes. */
  signInHref?: string;
}

interface Problems {
  email?: string;
  password?: string;
  form?: string;
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
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [rules, setRules] = useState<PasswordRule[] | null>(null);
  const [problems, setProblems] = useState<Problems>({});
  const [submitting, setSubmitting] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

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

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (submitting) return;
    const unmet = rules?.some((rule) => !rule.met) ?? false;
    const found: Problems = {
      email: emailProblem(email),
      password:
        password === ""
          ? "Choose a password."
          : unmet
            ? "This password does not meet the requirements listed below."
            : undefined,
    };
    setProblems(found);
    if (found.email) return emailRef.current?.focus();
    if (found.password) return passwordRef.current?.focus();
    setSubmitting(true);
    try {
      await signUp(email.trim(), password);
      onSignedUp?.();
    } catch (error) {
      const { message, field } = identityErrorMessage(error);
      setProblems(field ? { [field]: message } : { form: message });
      (field === "email" ? emailRef : passwordRef).current?.focus();
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <form
      {...props}
      noValidate
      aria-labelledby="sign-up-title"
      className={className ? `identity-form ${className}` : "identity-form"}
      data-state={submitting ? "submitting" : problems.form || problems.email || problems.password ? "failed" : "idle"}
      onSubmit={(event) => void submit(event)}
    >
      <h1 id="sign-up-title" className="identity-form__title">
        Create an account
      </h1>
      {problems.form ? <FormAlert>{problems.form}</FormAlert> : null}
      <CredentialsFields
        passwordAutoComplete="new-password"
        email={email}
        onEmailChange={setEmail}
        emailError={problems.email}
        emailRef={emailRef}
        password={password}
        onPasswordChange={setPassword}
        passwordError={problems.password}
        passwordRef={passwordRef}
        passwordDescribedBy="password-requirements"
      />
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

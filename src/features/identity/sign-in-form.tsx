import { useRef, useState, type ComponentPropsWithRef, type FormEvent } from "react";
import { Button } from "@/components/button";
import { CredentialsFields } from "./credentials-fields";
import { identityErrorMessage } from "./errors";
import { FormAlert } from "./form-alert";
import { useSession } from "./session";
import { emailProblem } from "./validation";
import "./identity.css";

export interface SignInFormProps extends Omit<ComponentPropsWithRef<"form">, "onSubmit"> {
  /** Called once signed in (to return where the person was). */
  onSignedIn?: () => void;
  /** Where the "Create an account" link goes. */
  signUpHref?: string;
}

interface Problems {
  email?: string;
  password?: string;
  form?: string;
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
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [problems, setProblems] = useState<Problems>({});
  const [submitting, setSubmitting] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (submitting) return;
    const found: Problems = {
      email: emailProblem(email),
      password: password === "" ? "Enter your password." : undefined,
    };
    setProblems(found);
    if (found.email) return emailRef.current?.focus();
    if (found.password) return passwordRef.current?.focus();
    setSubmitting(true);
    try {
      await signIn(email.trim(), password);
      onSignedIn?.();
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
      aria-labelledby="sign-in-title"
      className={className ? `identity-form ${className}` : "identity-form"}
      data-state={submitting ? "submitting" : problems.form || problems.email || problems.password ? "failed" : "idle"}
      onSubmit={(event) => void submit(event)}
    >
      <h1 id="sign-in-title" className="identity-form__title">
        Sign in
      </h1>
      {status === "expired" ? <FormAlert tone="info">Your session has expired. Sign in again.</FormAlert> : null}
      {problems.form ? <FormAlert>{problems.form}</FormAlert> : null}
      <CredentialsFields
        passwordAutoComplete="current-password"
        email={email}
        onEmailChange={setEmail}
        emailError={problems.email}
        emailRef={emailRef}
        password={password}
        onPasswordChange={setPassword}
        passwordError={problems.password}
        passwordRef={passwordRef}
      />
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

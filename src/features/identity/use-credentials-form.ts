import { useRef, useState, type FormEvent } from "react";
import type { CredentialsFieldsProps } from "./credentials-fields.tsx";
import { identityErrorMessage } from "./errors.ts";
import { emailProblem } from "./validation.ts";

/** What stops a submit, beside the field it concerns or above the form. */
export interface CredentialsProblems {
  email?: string;
  password?: string;
  form?: string;
}

export interface CredentialsFormOptions {
  /** What is wrong with the password before the provider is asked, if anything. */
  passwordProblem: (password: string) => string | undefined;
  /** The provider call (sign in, sign up), with the trimmed e-mail. */
  send: (email: string, password: string) => Promise<unknown>;
  /** Called once `send` has succeeded. */
  onDone?: () => void;
}

/**
 * The submit and error logic the sign-in and sign-up forms share: the fields' values,
 * the checks before the provider is asked, the call, and the provider's refusal in words
 * (./errors.ts) beside the field it concerns or above the form, with focus moved to the
 * first field in error. Spread `fields` into `CredentialsFields` and `formProps` into the
 * `<form>`, which then exposes `data-state` (`idle`, `submitting`, `failed`).
 *
 * @example
 * const form = useCredentialsForm({ passwordProblem, send: signIn, onDone: onSignedIn });
 * <form {...form.formProps}><CredentialsFields {...form.fields} passwordAutoComplete="current-password" /></form>
 */
export function useCredentialsForm({ passwordProblem, send, onDone }: CredentialsFormOptions) {
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [problems, setProblems] = useState<CredentialsProblems>({});
  const [submitting, setSubmitting] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (submitting) return;
    const found: CredentialsProblems = { email: emailProblem(email), password: passwordProblem(password) };
    setProblems(found);
    if (found.email) return emailRef.current?.focus();
    if (found.password) return passwordRef.current?.focus();
    setSubmitting(true);
    try {
      await send(email.trim(), password);
      onDone?.();
    } catch (error) {
      const { message, field } = identityErrorMessage(error);
      setProblems(field ? { [field]: message } : { form: message });
      (field === "email" ? emailRef : passwordRef).current?.focus();
    } finally {
      setSubmitting(false);
    }
  }

  const failed = Boolean(problems.form || problems.email || problems.password);
  const fields = {
    email,
    onEmailChange: setEmail,
    emailError: problems.email,
    emailRef,
    password,
    onPasswordChange: setPassword,
    passwordError: problems.password,
    passwordRef,
  } satisfies Partial<CredentialsFieldsProps>;

  return {
    password,
    problems,
    submitting,
    fields,
    formProps: {
      noValidate: true,
      "data-state": submitting ? "submitting" : failed ? "failed" : "idle",
      onSubmit: (event: FormEvent) => void submit(event),
    },
  };
}

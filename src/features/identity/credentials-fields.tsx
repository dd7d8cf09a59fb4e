import type { ComponentPropsWithRef, ReactNode, Ref } from "react";
import { TextField } from "@/components/text-field.tsx";
import "./identity.css";

export interface CredentialsFieldsProps extends Omit<ComponentPropsWithRef<"div">, "children" | "onChange"> {
  /**
   * What the password is for, as browsers and password managers read it: `current-password`
   * to sign in (they fill the saved one), `new-password` to create an account (they offer
   * to generate one). Also names the password field.
   */
  passwordAutoComplete: "current-password" | "new-password";
  email: string;
  onEmailChange: (email: string) => void;
  /** A message beside the e-mail field; the input is then `aria-invalid`. */
  emailError?: ReactNode;
  /** The e-mail input, to move focus to it after a failed submit. */
  emailRef?: Ref<HTMLInputElement>;
  password: string;
  onPasswordChange: (password: string) => void;
  /** A message beside the password field; the input is then `aria-invalid`. */
  passwordError?: ReactNode;
  /** The password input, to move focus to it after a failed submit. */
  passwordRef?: Ref<HTMLInputElement>;
  /** The id of an element that describes the password (the sign-up form's requirements). */
  passwordDescribedBy?: string;
}

/**
 * The e-mail and password fields the sign-in and sign-up forms share: labelled inputs
 * with the right `type`, `name` and `autocomplete`, each with its error beside it. The
 * form owns the values and the checks. Native `div` props go to the wrapper, which lays
 * the fields out as the form does and exposes `data-invalid` when either field has an error.
 *
 * @example
 * <CredentialsFields
 *   passwordAutoComplete="current-password"
 *   email={email} onEmailChange={setEmail} emailError={problems.email} emailRef={emailRef}
 *   password={password} onPasswordChange={setPassword} passwordError={problems.password} passwordRef={passwordRef}
 * />
 */
export function CredentialsFields({
  passwordAutoComplete,
  email,
  onEmailChange,
  emailError,
  emailRef,
  password,
  onPasswordChange,
  passwordError,
  passwordRef,
  passwordDescribedBy,
  className,
  ...props
}: CredentialsFieldsProps) {
  const invalid = Boolean(emailError) || Boolean(passwordError);
  return (
    <div
      {...props}
      className={className ? `credentials-fields ${className}` : "credentials-fields"}
      data-invalid={invalid || undefined}
    >
      <TextField
        ref={emailRef}
        label="E-mail"
        type="email"
        name="email"
        autoComplete="email"
        value={email}
        onChange={(event) => onEmailChange(event.target.value)}
        error={emailError}
      />
      <TextField
        ref={passwordRef}
        label="Password"
        type="password"
        // Kept as the forms named them before: saved form data and password managers key on it.
        name={passwordAutoComplete === "new-password" ? "new-password" : "password"}
        autoComplete={passwordAutoComplete}
        aria-describedby={passwordDescribedBy}
        value={password}
        onChange={(event) => onPasswordChange(event.target.value)}
        error={passwordError}
      />
    </div>
  );
}

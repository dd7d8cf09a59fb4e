import { useId } from "react";
import type { ComponentPropsWithRef, ReactNode } from "react";
import "./text-field.css";

export interface TextFieldProps extends Omit<ComponentPropsWithRef<"input">, "children"> {
  /** The visible label. Required: a placeholder is not a label. */
  label: ReactNode;
  /** Help text below the input, linked with `aria-describedby`. */
  hint?: ReactNode;
  /** A validation message. When present the input is `aria-invalid` and the message is part of its description. */
  error?: ReactNode;
}

function isPresent(node: ReactNode): boolean {
  return node !== undefined && node !== null && node !== false && node !== "";
}

/**
 * A labelled text input with optional hint and error. Native input props (and `ref`)
 * go to the `<input>`; the wrapper exposes `data-invalid` and `data-disabled` for styling.
 *
 * **When to use**: for one line of text (a name, an email, a search). The label is always
 * visible; put format help in `hint`, never only in the placeholder. Show `error` once the
 * user has left the field or submitted, in words that say how to fix it.
 *
 * The error is not a live region: it is announced when the input is focused, which
 * avoids a burst of announcements when a whole form is validated at once. Move focus
 * to the first invalid field after submit.
 *
 * ```tsx
 * <TextField label="Email" type="email" hint="We never share it." error={errors.email} />
 * ```
 */
export function TextField({
  label,
  hint,
  error,
  id,
  className,
  "aria-describedby": describedBy,
  ...props
}: TextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const hasHint = isPresent(hint);
  const hasError = isPresent(error);
  // The error comes last so it is read after the hint, closest to the moment of correction.
  const describedByIds =
    [describedBy, hasHint ? hintId : undefined, hasError ? errorId : undefined].filter(Boolean).join(" ") || undefined;

  return (
    <div className="text-field" data-invalid={hasError || undefined} data-disabled={props.disabled || undefined}>
      <label className="text-field__label" htmlFor={inputId}>
        {label}
      </label>
      <input
        {...props}
        id={inputId}
        className={className ? `text-field__input ${className}` : "text-field__input"}
        aria-invalid={hasError || undefined}
        aria-describedby={describedByIds}
      />
      {hasHint ? (
        <p id={hintId} className="text-field__hint">
          {hint}
        </p>
      ) : null}
      {hasError ? (
        <p id={errorId} className="text-field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

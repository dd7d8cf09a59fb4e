import { useId, type ComponentPropsWithRef, type ReactNode } from "react";

export interface TextFieldProps extends Omit<ComponentPropsWithRef<"input">, "children"> {
  /** The visible label; a placeholder is not a label. */
  label: ReactNode;
  /** Help below the input, linked with `aria-describedby`. */
  hint?: ReactNode;
  /** A validation message: the input is `aria-invalid` and the message part of its description. */
  error?: ReactNode;
}

/** A labelled `<input>` with an optional hint and error; native props (and `ref`) go to the input. */
export function TextField({ label, hint, error, id, "aria-describedby": describedBy, ...props }: TextFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const hasHint = hint !== undefined && hint !== null && hint !== "";
  const hasError = error !== undefined && error !== null && error !== "";
  const described =
    [describedBy, hasHint ? `${inputId}-hint` : undefined, hasError ? `${inputId}-error` : undefined]
      .filter(Boolean)
      .join(" ") || undefined;
  return (
    <div data-invalid={hasError || undefined}>
      <label htmlFor={inputId}>{label}</label>
      <input {...props} id={inputId} aria-invalid={hasError || undefined} aria-describedby={described} />
      {hasHint ? <p id={`${inputId}-hint`}>{hint}</p> : null}
      {hasError ? <p id={`${inputId}-error`}>{error}</p> : null}
    </div>
  );
}

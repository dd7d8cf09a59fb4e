import type { ComponentPropsWithRef } from "react";

export interface FormAlertProps extends ComponentPropsWithRef<"div"> {
  /** `error` for a failure, `info` for a notice such as "session expired". */
  tone?: "error" | "info";
}

/**
 * A message above a form, announced when it appears (`role="alert"` for an error,
 * `role="status"` for a notice). Exposes `data-tone`.
 *
 * @example
 * <FormAlert>That e-mail and password don't match an account.</FormAlert>
 */
export function FormAlert({ tone = "error", className, ...props }: FormAlertProps) {
  return (
    <div
      {...props}
      role={tone === "error" ? "alert" : "status"}
      className={className ? `form-alert ${className}` : "form-alert"}
      data-tone={tone}
    />
  );
}

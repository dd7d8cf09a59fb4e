import type { ComponentPropsWithRef } from "react";
import { Spinner } from "./spinner.tsx";

export interface ButtonProps extends ComponentPropsWithRef<"button"> {
  variant?: "primary" | "secondary" | "ghost" | "danger";
  size?: "sm" | "md";
  /** An action in progress: `aria-busy`, clicks ignored, focus kept (not natively disabled). */
  loading?: boolean;
}

/** A native `<button>`, `type="button"` unless told, so it never submits a form by accident. */
export function Button({
  variant = "primary",
  size = "md",
  loading = false,
  type = "button",
  onClick,
  children,
  ...props
}: ButtonProps) {
  return (
    <button
      {...props}
      type={type}
      data-variant={variant}
      data-size={size}
      aria-busy={loading || undefined}
      aria-disabled={loading || undefined}
      onClick={loading ? (event) => event.preventDefault() : onClick}
    >
      {loading ? <Spinner size="sm" aria-hidden="true" /> : null}
      {children}
    </button>
  );
}

import type { ComponentPropsWithRef } from "react";
import { Spinner } from "@/components/spinner";
import "./button.css";

export type ButtonVariant = "primary" | "secondary" | "ghost" | "danger";
export type ButtonSize = "sm" | "md";

export interface ButtonProps extends ComponentPropsWithRef<"button"> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /**
   * Marks an action in progress: the button is disabled, `aria-busy`, and shows a
   * spinner before its label. The label stays, so the accessible name does not change.
   */
  loading?: boolean;
}

/**
 * A native `<button>`. It defaults to `type="button"` so it never submits a form
 * by accident; pass `type="submit"` when it should.
 *
 * @example
 * ```tsx
 * <Button variant="danger" onClick={remove}>Delete</Button>
 * <Button type="submit" loading={isSaving}>Save</Button>
 * ```
 */
export function Button({
  variant = "primary",
  size = "md",
  loading = false,
  type = "button",
  disabled,
  className,
  children,
  ...props
}: ButtonProps) {
  return (
    <button
      {...props}
      type={type}
      className={className ? `button ${className}` : "button"}
      data-variant={variant}
      data-size={size}
      data-loading={loading || undefined}
      aria-busy={loading || undefined}
      disabled={disabled || loading}
    >
      {/* Hidden from the accessibility tree: aria-busy already says it, and the
          spinner's text would otherwise become part of the button's name. */}
      {loading ? <Spinner size="sm" aria-hidden="true" className="button__spinner" /> : null}
      {children}
    </button>
  );
}

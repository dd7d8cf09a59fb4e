import type { ComponentPropsWithRef } from "react";
import { Spinner } from "@/components/spinner";
import "./button.css";

export type ButtonVariant = "primary" | "secondary" | "ghost" | "danger";
export type ButtonSize = "sm" | "md";

export interface ButtonProps extends ComponentPropsWithRef<"button"> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /**
   * Marks an action in progress: the button is `aria-busy` and `aria-disabled`, ignores
   * clicks, and shows a spinner before its label. It is not natively `disabled`, so a
   * keyboard user who just pressed it keeps focus on it. The label stays, so the
   * accessible name does not change.
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
  onClick,
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
      aria-disabled={loading || undefined}
      disabled={disabled}
      onClick={loading ? (event) => event.preventDefault() : onClick}
    >
      {/* Hidden from the accessibility tree: aria-busy already says it, and the
          spinner's text would otherwise become part of the button's name. */}
      {loading ? <Spinner size="sm" aria-hidden="true" className="button__spinner" /> : null}
      {children}
    </button>
  );
}

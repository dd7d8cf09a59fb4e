import type { ComponentPropsWithRef } from "react";
import { Spinner } from "@/components/spinner.tsx";
import "./button.css";

export type ButtonVariant = "primary" | "secondary" | "ghost" | "danger";
export type ButtonSize = "sm" | "md";

export interface ButtonProps extends ComponentPropsWithRef<"button"> {
  /** `primary`: the view's main action (one per view); `secondary`: its alternatives; `ghost`: quiet actions; `danger`: destructive ones. */
  variant?: ButtonVariant;
  /** `sm` for dense places such as table rows and toolbars; `md` everywhere else. */
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
 * **When to use**: for an action on the current page (save, delete, retry). Give a view
 * one `primary` button for its main action; `secondary` for the alternatives, `ghost` for
 * quiet actions in dense places, `danger` for what cannot be undone. Navigation is a link
 * (`<a href>`), not a button. While an action runs, prefer `loading` to `disabled`: the
 * button keeps focus and says it is busy.
 *
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

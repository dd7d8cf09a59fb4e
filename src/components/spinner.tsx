import type { ComponentPropsWithRef } from "react";
import "./spinner.css";

export type SpinnerSize = "sm" | "md" | "lg";

export interface SpinnerProps extends Omit<ComponentPropsWithRef<"span">, "children"> {
  /** What is loading, for screen readers. The visual indicator carries no text. */
  label?: string;
  size?: SpinnerSize;
}

/**
 * An indeterminate loading indicator. It is a polite live region, so assistive
 * technology announces `label` without moving focus. It renders a `<span>` so it can
 * sit inline in a sentence or a button.
 *
 * @example
 * ```tsx
 * <Spinner label="Loading comments…" />
 * ```
 */
export function Spinner({ label = "Loading…", size = "md", className, ...props }: SpinnerProps) {
  return (
    <span role="status" data-size={size} className={className ? `spinner ${className}` : "spinner"} {...props}>
      <span className="spinner__indicator" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </span>
  );
}

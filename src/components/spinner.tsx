import type { ComponentPropsWithRef } from "react";
import "./spinner.css";

export type SpinnerSize = "sm" | "md" | "lg";

export interface SpinnerProps extends Omit<ComponentPropsWithRef<"span">, "children"> {
  /** What is loading, for screen readers. The visual indicator carries no text. */
  label?: string;
  /** `sm` follows the text size (inline, in buttons); `md` for a region; `lg` for a whole page. */
  size?: SpinnerSize;
}

/**
 * An indeterminate loading indicator. It is a polite live region, so assistive
 * technology announces `label` without moving focus. It renders a `<span>` so it can
 * sit inline in a sentence or a button.
 *
 * **When to use**: for a short wait whose progress is unknown; say what is loading in
 * `label`. A region that shows a query's result gets one from `QueryBoundary`, and a busy
 * button from Button's `loading`, so use it directly only elsewhere. With reduced motion
 * it pulses instead of spinning.
 *
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

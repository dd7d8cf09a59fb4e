import type { ComponentPropsWithRef } from "react";
import { visuallyHidden } from "./visually-hidden.ts";

export interface SpinnerProps extends Omit<ComponentPropsWithRef<"span">, "children"> {
  /** What is loading, for screen readers. */
  label?: string;
  size?: "sm" | "md" | "lg";
}

/** A polite live region that says what is loading; `data-size` is for the app's styles. */
export function Spinner({ label = "Loading…", size = "md", ...props }: SpinnerProps) {
  return (
    <span role="status" data-size={size} {...props}>
      <span aria-hidden="true">⋯</span>
      <span style={visuallyHidden}>{label}</span>
    </span>
  );
}

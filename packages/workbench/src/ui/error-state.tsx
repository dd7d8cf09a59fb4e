import type { ComponentPropsWithRef, ReactNode } from "react";
import { toApiError } from "@contract-workbench/runtime";
import { Button } from "./button.tsx";
import type { HeadingLevel } from "./empty-state.tsx";

export interface ErrorStateProps extends Omit<ComponentPropsWithRef<"div">, "title"> {
  /** Anything thrown or rejected; normalised with the runtime's `toApiError`. */
  error: unknown;
  /** Shows a Retry button that calls this. */
  onRetry?: () => void;
  title?: ReactNode;
  headingLevel?: HeadingLevel;
  children?: ReactNode;
}

/** A failed request as an alert: what failed, the server's status or problem, a retry. */
export function ErrorState({ error, onRetry, title, headingLevel = 2, children, ...props }: ErrorStateProps) {
  const apiError = toApiError(error);
  const status = apiError.status ?? apiError.problem?.status;
  const Heading = `h${headingLevel}` as const;
  const heading =
    title ??
    apiError.problem?.title ??
    (status === undefined ? "Something went wrong" : `Something went wrong (HTTP ${status})`);
  return (
    <div role="alert" data-kind={apiError.kind} {...props}>
      <Heading>{heading}</Heading>
      <p>{apiError.problem?.detail ?? apiError.message}</p>
      {onRetry ? (
        // Wrapped so the click event never reaches onRetry: `refetch(event)` would read it as options.
        <Button variant="secondary" onClick={() => onRetry()}>
          Retry
        </Button>
      ) : null}
      {children}
    </div>
  );
}

import type { ComponentPropsWithRef, ReactNode } from "react";
import { type ApiError, toApiError } from "@contract-workbench/runtime";
import { Button } from "@/components/button.tsx";
import type { HeadingLevel } from "@/components/empty-state.tsx";
import "./error-state.css";

export interface ErrorStateProps extends Omit<ComponentPropsWithRef<"div">, "title"> {
  /** Anything that was thrown or rejected; it is normalised with `toApiError`. */
  error: unknown;
  /** Shows a Retry button that calls this. Leave it out when retrying cannot help. */
  onRetry?: () => void;
  /** Replaces the heading derived from the error, for example with what failed to load. */
  title?: ReactNode;
  headingLevel?: HeadingLevel;
  /** Extra actions, rendered after Retry. */
  children?: ReactNode;
}

interface Copy {
  title: string;
  description: string;
}

function describeStatus(status: number | undefined): Copy {
  if (status === 401) {
    return { title: "You need to sign in", description: "Your session may have expired. Sign in and try again." };
  }
  if (status === 403) {
    return {
      title: "You don't have access to this",
      description: "Your account isn't allowed to do this. Ask an administrator if you think it should be.",
    };
  }
  if (status === 404) {
    return { title: "We couldn't find that", description: "It may have been moved or deleted." };
  }
  const title = status === undefined ? "Something went wrong" : `Something went wrong (HTTP ${status})`;
  if (status !== undefined && status >= 500) {
    return { title, description: "The server ran into a problem. This is usually temporary; try again in a moment." };
  }
  return { title, description: "The request could not be completed." };
}

function describeError(error: ApiError): Copy {
  switch (error.kind) {
    case "network":
      return { title: "Can't reach the server", description: "Check your internet connection and try again." };
    case "timeout":
      return {
        title: "The server took too long",
        description: "It didn't answer in time. It may be busy; try again in a moment.",
      };
    case "aborted":
      return {
        title: "The request was cancelled",
        description: "It stopped before it finished. Try again if you still need it.",
      };
    case "malformed":
      return {
        title: "The server sent an unexpected response",
        description: "Its answer couldn't be read. This is a problem on our side, not yours.",
      };
    case "problem": {
      // The server's own words are the most specific; fall back per field, since RFC 9457 makes every member optional.
      const fallback = describeStatus(error.status ?? error.problem?.status);
      return {
        title: error.problem?.title || fallback.title,
        description: error.problem?.detail || fallback.description,
      };
    }
    case "http":
      return describeStatus(error.status);
    case "unknown":
      return {
        title: "Something went wrong",
        description:
          "An unexpected error stopped this from working. Try again; if it keeps happening, report it with the technical details below.",
      };
  }
}

/**
 * Explains a failed request in plain words, offers a retry, and keeps the technical
 * details one click away for bug reports. It is an alert, so it is announced when it
 * appears; render it in place of the content that failed rather than alongside it.
 *
 * **When to use**: wherever data could not be loaded or an action could not be completed.
 * Pass `onRetry` when trying again can help (a network failure, a timeout, a server error);
 * leave it out for 401, 403 or 404. A field's validation message belongs in TextField's
 * `error`, not here. `QueryBoundary` renders it for a failed query.
 *
 * ```tsx
 * <ErrorState error={query.error} onRetry={() => void query.refetch()} />
 * ```
 */
export function ErrorState({
  error,
  onRetry,
  title,
  headingLevel = 2,
  className,
  children,
  ...props
}: ErrorStateProps) {
  const apiError = toApiError(error);
  const copy = describeError(apiError);
  const Heading = `h${headingLevel}` as const;
  const status = apiError.status ?? apiError.problem?.status;
  const request = [apiError.method, apiError.url].filter(Boolean).join(" ");

  return (
    <div
      role="alert"
      {...props}
      className={className ? `error-state ${className}` : "error-state"}
      data-kind={apiError.kind}
    >
      <Heading className="error-state__title">{title ?? copy.title}</Heading>
      <p className="error-state__description">{copy.description}</p>
      {onRetry || children ? (
        <div className="error-state__actions">
          {onRetry ? (
            // Wrapped so the click event never reaches onRetry: `refetch(event)` would read it as options.
            <Button variant="secondary" onClick={() => onRetry()}>
              Retry
            </Button>
          ) : null}
          {children}
        </div>
      ) : null}
      <details className="error-state__details">
        <summary>Technical details</summary>
        <dl>
          <dt>Kind</dt>
          <dd>{apiError.kind}</dd>
          {request ? (
            <>
              <dt>Request</dt>
              <dd>{request}</dd>
            </>
          ) : null}
          {status !== undefined ? (
            <>
              <dt>Status</dt>
              <dd>{status}</dd>
            </>
          ) : null}
          {apiError.problem?.type ? (
            <>
              <dt>Problem type</dt>
              <dd>{apiError.problem.type}</dd>
            </>
          ) : null}
          {apiError.problem?.instance ? (
            <>
              <dt>Instance</dt>
              <dd>{apiError.problem.instance}</dd>
            </>
          ) : null}
          <dt>Message</dt>
          <dd>{apiError.message}</dd>
        </dl>
      </details>
    </div>
  );
}

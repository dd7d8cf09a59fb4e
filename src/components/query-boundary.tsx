import type { UseQueryResult } from "@tanstack/react-query";
import type { ComponentPropsWithRef, ReactNode } from "react";
import { EmptyState, type HeadingLevel } from "@/components/empty-state.tsx";
import { ErrorState } from "@/components/error-state.tsx";
import { Spinner } from "@/components/spinner.tsx";

export type QueryBoundaryState = "loading" | "error" | "empty" | "success";

export interface QueryBoundaryProps<TData, TError> extends Omit<ComponentPropsWithRef<"div">, "children"> {
  query: UseQueryResult<TData, TError>;
  /** Renders the data once it has arrived and is not empty. */
  children: (data: TData) => ReactNode;
  /** Decides whether `data` counts as empty. Defaults to `null`, `undefined` or an empty array. */
  isEmpty?: (data: TData) => boolean;
  /** Shown while the first fetch is pending. Defaults to a `<Spinner />`. */
  loading?: ReactNode;
  /** Shown when `isEmpty(data)`. Defaults to an `<EmptyState title="Nothing here yet" />`. */
  empty?: ReactNode;
  /** Replaces the heading of the default `<ErrorState>`. */
  errorTitle?: ReactNode;
  /** The heading level of the default error and empty states, to fit the page's outline. */
  headingLevel?: HeadingLevel;
}

function defaultIsEmpty(data: unknown): boolean {
  return data === null || data === undefined || (Array.isArray(data) && data.length === 0);
}

/**
 * Renders the four states of a TanStack Query result so each screen does not have to:
 * loading, error (with a Retry that refetches), empty, and the data itself. The
 * wrapper exposes `data-state` and is `aria-busy` while loading.
 *
 * **When to use**: around every query result a screen shows, so each state looks and
 * behaves the same everywhere (the workbench's docs page shows them all).
 *
 * ```tsx
 * const things = useQuery({ queryKey: ["things"], queryFn: fetchThings });
 * <QueryBoundary query={things} errorTitle="Couldn't load things">
 *   {(list) => <ul>{list.map((t) => <li key={t.id}>{t.name}</li>)}</ul>}
 * </QueryBoundary>
 * ```
 */
export function QueryBoundary<TData, TError>({
  query,
  children,
  isEmpty = defaultIsEmpty,
  loading,
  empty,
  errorTitle,
  headingLevel,
  ...props
}: QueryBoundaryProps<TData, TError>) {
  let state: QueryBoundaryState;
  let content: ReactNode;
  if (query.isPending) {
    state = "loading";
    content = loading ?? <Spinner />;
  } else if (query.isError) {
    // A failed background refetch also lands here, even with cached data: showing stale
    // data as if it were fresh would hide the failure.
    state = "error";
    content = (
      <ErrorState
        error={query.error}
        title={errorTitle}
        headingLevel={headingLevel}
        onRetry={() => void query.refetch()}
      />
    );
  } else if (isEmpty(query.data)) {
    state = "empty";
    content = empty ?? <EmptyState title="Nothing here yet" headingLevel={headingLevel} />;
  } else {
    state = "success";
    content = children(query.data);
  }

  return (
    <div {...props} data-state={state} aria-busy={state === "loading" || undefined}>
      {content}
    </div>
  );
}

import type { ComponentPropsWithRef, ReactNode } from "react";
import "./empty-state.css";

export type HeadingLevel = 1 | 2 | 3 | 4 | 5 | 6;

export interface EmptyStateProps extends Omit<ComponentPropsWithRef<"div">, "title"> {
  title: ReactNode;
  description?: ReactNode;
  /** Decorative; hidden from assistive technology, so put any meaning in `title`. */
  icon?: ReactNode;
  /** Pick the level that fits the surrounding outline; the look does not change. */
  headingLevel?: HeadingLevel;
  /** Actions, for example a `<Button>` that creates the first item. */
  children?: ReactNode;
}

/**
 * What to show when there is nothing to show: a heading, an optional explanation,
 * and the actions that get the user out of the empty state.
 *
 * **When to use**: in place of a list, table or search result that has no items. Say what
 * is missing in `title`, why or what to do in `description`, and offer the one action that
 * fills it. `QueryBoundary` shows a plain one for empty data unless given its own.
 *
 * ```tsx
 * <EmptyState title="No results" description="Try a different search." headingLevel={3}>
 *   <Button variant="secondary" onClick={clear}>Clear search</Button>
 * </EmptyState>
 * ```
 */
export function EmptyState({
  title,
  description,
  icon,
  headingLevel = 2,
  className,
  children,
  ...props
}: EmptyStateProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <div {...props} className={className ? `empty-state ${className}` : "empty-state"}>
      {icon ? (
        <div className="empty-state__icon" aria-hidden="true">
          {icon}
        </div>
      ) : null}
      <Heading className="empty-state__title">{title}</Heading>
      {description ? <p className="empty-state__description">{description}</p> : null}
      {children ? <div className="empty-state__actions">{children}</div> : null}
    </div>
  );
}

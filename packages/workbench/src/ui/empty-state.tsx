import type { ComponentPropsWithRef, ReactNode } from "react";

export type HeadingLevel = 1 | 2 | 3 | 4 | 5 | 6;

export interface EmptyStateProps extends Omit<ComponentPropsWithRef<"div">, "title"> {
  title: ReactNode;
  description?: ReactNode;
  headingLevel?: HeadingLevel;
  /** Actions that get the reader out of the empty state. */
  children?: ReactNode;
}

export function EmptyState({ title, description, headingLevel = 2, children, ...props }: EmptyStateProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <div {...props}>
      <Heading>{title}</Heading>
      {description ? <p>{description}</p> : null}
      {children ? <div>{children}</div> : null}
    </div>
  );
}

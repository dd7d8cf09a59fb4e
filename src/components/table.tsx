import { createContext, useContext, type ComponentPropsWithRef } from "react";
import "./table.css";

type Section = "header" | "body";

/** Which part of the table a `TableHead` sits in, so that its `scope` can follow. */
const SectionContext = createContext<Section>("body");

function classes(base: string, className: string | undefined): string {
  return className ? `${base} ${className}` : base;
}

export type TableProps = ComponentPropsWithRef<"table">;

/**
 * A native `<table>` for data in rows and columns, composed from its parts: `TableCaption`,
 * `TableHeader`, `TableBody`, `TableRow`, `TableHead` and `TableCell`, each the native
 * element with its props.
 *
 * **When to use**: for records a reader compares across columns (operations, resources,
 * tokens). Name it: a `TableCaption` (visually hidden when a heading already says it) or
 * `aria-labelledby`. A header cell is `scope="col"` in `TableHeader` and `scope="row"` in
 * `TableBody` unless given another, so a screen reader announces the right header with
 * each cell. Not for layout.
 *
 * ```tsx
 * <Table>
 *   <TableCaption visuallyHidden>Operations in the contract</TableCaption>
 *   <TableHeader>
 *     <TableRow><TableHead>Method</TableHead><TableHead>Path</TableHead></TableRow>
 *   </TableHeader>
 *   <TableBody>
 *     <TableRow><TableCell>GET</TableCell><TableCell>/things</TableCell></TableRow>
 *   </TableBody>
 * </Table>
 * ```
 */
export function Table({ className, ...props }: TableProps) {
  return <table {...props} className={classes("table", className)} />;
}

export interface TableCaptionProps extends ComponentPropsWithRef<"caption"> {
  /** Read by assistive technology but not shown: for a table whose heading already names it. */
  visuallyHidden?: boolean;
}

/** The table's name. */
export function TableCaption({ visuallyHidden = false, className, ...props }: TableCaptionProps) {
  const base = visuallyHidden ? "table__caption visually-hidden" : "table__caption";
  return <caption {...props} className={classes(base, className)} />;
}

/** The column headers' row group (`<thead>`): a `TableHead` in it is a column header. */
export function TableHeader(props: ComponentPropsWithRef<"thead">) {
  return (
    <SectionContext.Provider value="header">
      <thead {...props} />
    </SectionContext.Provider>
  );
}

/** The data rows' group (`<tbody>`): a `TableHead` in it is a row header. */
export function TableBody(props: ComponentPropsWithRef<"tbody">) {
  return (
    <SectionContext.Provider value="body">
      <tbody {...props} />
    </SectionContext.Provider>
  );
}

/** One row (`<tr>`). */
export function TableRow(props: ComponentPropsWithRef<"tr">) {
  return <tr {...props} />;
}

/** A header cell (`<th>`), `scope="col"` in `TableHeader` and `scope="row"` elsewhere unless given. */
export function TableHead({ className, scope, ...props }: ComponentPropsWithRef<"th">) {
  const section = useContext(SectionContext);
  return (
    <th
      {...props}
      scope={scope ?? (section === "header" ? "col" : "row")}
      className={classes("table__head", className)}
    />
  );
}

/** A data cell (`<td>`). */
export function TableCell({ className, ...props }: ComponentPropsWithRef<"td">) {
  return <td {...props} className={classes("table__cell", className)} />;
}

import { createContext, useContext, type ComponentPropsWithRef } from "react";
import { visuallyHidden } from "./visually-hidden.ts";

/** Which part of the table a `TableHead` sits in, so that its `scope` follows. */
const InHeader = createContext(false);

/** A native `<table>`, composed from the parts below; name it with a `TableCaption`. */
export function Table(props: ComponentPropsWithRef<"table">) {
  return <table {...props} />;
}

export interface TableCaptionProps extends ComponentPropsWithRef<"caption"> {
  /** Read by assistive technology but not shown. */
  visuallyHidden?: boolean;
}

export function TableCaption({ visuallyHidden: hidden = false, style, ...props }: TableCaptionProps) {
  return <caption {...props} style={hidden ? { ...visuallyHidden, ...style } : style} />;
}

export function TableHeader(props: ComponentPropsWithRef<"thead">) {
  return (
    <InHeader.Provider value={true}>
      <thead {...props} />
    </InHeader.Provider>
  );
}

export function TableBody(props: ComponentPropsWithRef<"tbody">) {
  return (
    <InHeader.Provider value={false}>
      <tbody {...props} />
    </InHeader.Provider>
  );
}

export function TableRow(props: ComponentPropsWithRef<"tr">) {
  return <tr {...props} />;
}

/** `<th>`, `scope="col"` in `TableHeader` and `scope="row"` elsewhere unless given. */
export function TableHead({ scope, ...props }: ComponentPropsWithRef<"th">) {
  const inHeader = useContext(InHeader);
  return <th {...props} scope={scope ?? (inHeader ? "col" : "row")} />;
}

export function TableCell(props: ComponentPropsWithRef<"td">) {
  return <td {...props} />;
}

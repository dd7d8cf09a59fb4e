import type { CSSProperties } from "react";

/** Read by assistive technology, not shown: inline, so an app without the package's styles keeps it hidden. */
export const visuallyHidden: CSSProperties = {
  position: "absolute",
  width: 1,
  height: 1,
  margin: -1,
  padding: 0,
  overflow: "hidden",
  clipPath: "inset(50%)",
  whiteSpace: "nowrap",
  border: 0,
};

// Plain accessible components for an app that has none yet: its binding re-exports them until it lends its own.
export { Button, type ButtonProps } from "../ui/button.tsx";
export { EmptyState, type EmptyStateProps, type HeadingLevel } from "../ui/empty-state.tsx";
export { ErrorState, type ErrorStateProps } from "../ui/error-state.tsx";
export { Spinner, type SpinnerProps } from "../ui/spinner.tsx";
export {
  Table,
  TableBody,
  TableCaption,
  type TableCaptionProps,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "../ui/table.tsx";
export { TextField, type TextFieldProps } from "../ui/text-field.tsx";

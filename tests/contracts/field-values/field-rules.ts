// The field-values contract's own row of the field rules, which the registry gives it
// (contracts.config.ts): proves that a team's rule reaches every place its fixtures answer.
// It draws nothing from faker, so that loading the registry stays as light as it was.
import type { FieldRule } from "@contract-workbench/workbench/contract";

/** A room's description says how many it seats: a value no built-in rule would write. */
export const roomRules: readonly FieldRule[] = [
  { field: "a room's description", name: /^description$/, make: () => "Seats 12 people." },
];

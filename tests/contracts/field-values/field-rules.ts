// The field-values contract's own row of the field rules, which the registry gives it
// (contracts.config.ts): proves that a team's rule reaches every place its fixtures answer.
import { faker } from "@faker-js/faker/locale/en";
import type { FieldRule } from "#workbench/contract/registry.ts";

/** A room's description says how many it seats: a value no built-in rule would write. */
export const roomRules: readonly FieldRule[] = [
  {
    field: "a room's description",
    name: /^description$/,
    make: () => `Seats ${faker.number.int({ min: 2, max: 40 })} people.`,
  },
];

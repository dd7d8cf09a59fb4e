/**
 * The states every operation's default fixture can be put in, for a story (from the
 * workbench's Scenario menu or `globals: { scenario: "empty" }`) or a test
 * (`setScenario("error")`). Each is derived from the contract, not written per operation.
 */
export const SCENARIOS = {
  default: "The contract's example, else data generated from the schema",
  empty: "Collections as small as the contract allows (usually empty)",
  many: "Top-level collections at maxItems, or 50 items",
  "long-text": "Free-text strings at maxLength, or long, with a long unbroken word",
  slow: "The default data after a delay",
  error: "The first error response the contract declares (4xx, 5xx or default)",
  offline: "A network failure: no response at all",
  unauthorized: "401 for operations that require credentials",
} as const;

export type Scenario = keyof typeof SCENARIOS;

export const SCENARIO_NAMES = Object.keys(SCENARIOS) as Scenario[];

/** How long the `slow` scenario holds each response. */
export const SLOW_DELAY_MS = 1500;

let current: Scenario = "default";

export function isScenario(value: unknown): value is Scenario {
  return typeof value === "string" && value in SCENARIOS;
}

/**
 * Puts every default fixture in `scenario` until the next call.
 *
 * @example
 * setScenario("empty");
 * render(<NotesList />);
 * expect(await screen.findByText("No notes yet")).toBeVisible();
 */
export function setScenario(scenario: Scenario): void {
  current = scenario;
}

/** The scenario the default fixtures answer in now. */
export function currentScenario(): Scenario {
  return current;
}

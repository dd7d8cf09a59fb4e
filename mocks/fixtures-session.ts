import { createFixturesSession } from "@contract-workbench/workbench/fixtures";

/**
 * The one session every fixtures instance of the product's setups shares: the product's
 * (./fixtures.ts), the identity provider's, the analytics endpoints' and the test
 * contracts' that stories render. Storybook's Scenario menu and the test setup set its
 * scenario, which puts all of them in it at once; their `afterEach` fails the story or
 * test on the violations and unhandled requests any of them saw.
 *
 * @example
 * fixturesSession.setScenario("empty");
 * render(<NotesList />);
 * expect(await screen.findByText("No notes yet")).toBeVisible();
 */
export const fixturesSession = createFixturesSession();

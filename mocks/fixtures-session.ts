import { apiBaseUrl } from "@contract-workbench/runtime";
import { createFixturesSession } from "@contract-workbench/workbench/fixtures";

/**
 * The one session every fixtures instance of the product's setups shares: the product's
 * (./fixtures.ts), the identity provider's, the analytics endpoints' and the test
 * contracts' that stories render. Storybook's Scenario menu and the test setup set its
 * scenario, which puts all of them in it at once; their `afterEach` fails the story or
 * test on the violations and unhandled requests any of them saw. It knows the base URL the app's
 * client calls (src/api/index.ts), so a request under it goes to the operation a gateway with
 * that base path would route it to.
 *
 * @example
 * fixturesSession.setScenario("empty");
 * render(<NotesList />);
 * expect(await screen.findByText("No notes yet")).toBeVisible();
 */
export const fixturesSession = createFixturesSession({ baseUrl: apiBaseUrl(import.meta.env.VITE_API_BASE_URL) });

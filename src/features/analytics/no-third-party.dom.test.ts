// The rule that keeps tests and stories off Google: a request to the tag script or any
// Google endpoint that no fixture answers fails the test (the same policy runs in the
// Storybook and `npm run dev` worker). Only the real-SDK test answers them, on purpose.
import { expect, it, vi } from "vitest";
import { fixturesSession } from "#mocks/fixtures-session.ts";
import { GTAG_SCRIPT_URL } from "#mocks/analytics/fixtures.ts";

it("a request for Google's tag script or a Firebase endpoint is refused and reported", async () => {
  const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
  try {
    const script = await fetch(`${GTAG_SCRIPT_URL}?l=dataLayer&id=G-TESTMEASURE`);
    const installations = await fetch(
      "https://firebaseinstallations.googleapis.com/v1/projects/demo-test/installations",
      {
        method: "POST",
        body: "{}",
      },
    );
    expect([script.status, installations.status]).toEqual([501, 501]);
  } finally {
    error.mockRestore();
  }
  // Taken here so that this test passes; left alone, the setup's afterEach fails the test with them.
  expect(fixturesSession.takeUnhandledRequests()).toEqual([
    expect.stringContaining(`No handler for GET ${GTAG_SCRIPT_URL}`),
    expect.stringContaining("No handler for POST https://firebaseinstallations.googleapis.com/"),
  ]);
});

import { act, render, screen } from "@testing-library/react";
import { http } from "msw";
import { useEffect } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { loadIdentity } from "./auth.ts";
import { SessionProvider, useSession, type Session } from "./session.tsx";
import { server } from "#mocks/node.ts";
import { IDENTITY_TOOLKIT } from "#mocks/identity/handlers.ts";

// The session over the real Firebase SDK, its provider answered by the embedded fixtures.
afterEach(async () => {
  await (await loadIdentity())?.signOut();
});

/** Shows the session and hands it to the test, as a component of the app would use it. */
function Probe({ onSession }: { onSession: (session: Session) => void }) {
  const session = useSession();
  useEffect(() => {
    onSession(session);
  });
  return (
    <p>
      {session.status}: {session.account?.email ?? "no account"}
    </p>
  );
}

/** Holds the provider's account lookups until `release()`; the fixtures answer them then. */
function holdLookups() {
  let release!: () => void;
  let asked!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const reached = new Promise<void>((resolve) => (asked = resolve));
  server.use(
    http.post(
      ({ request }) => request.url.startsWith(`${IDENTITY_TOOLKIT}/v1/accounts:lookup?`),
      async () => {
        asked();
        await released;
        // Nothing returned: the request goes on to the fixtures' own handler.
      },
    ),
  );
  return { reached, release };
}

describe("the session", () => {
  it("does not bring an account back when its lookup answers after sign-out", async () => {
    const identity = await loadIdentity();
    await identity?.signIn("ada@example.com", "Analytical1");
    let session: Session | undefined;
    render(
      <SessionProvider>
        <Probe onSession={(current) => (session = current)} />
      </SessionProvider>,
    );
    await screen.findByText("signed-in: ada@example.com");

    const lookup = holdLookups();
    const reloading = session?.reloadAccount();
    await lookup.reached;
    await session?.signOut();
    await screen.findByText("signed-out: no account");
    await act(async () => {
      lookup.release();
      await reloading;
    });

    expect(screen.getByText(/^signed-out: /)).toHaveTextContent("signed-out: no account");
  });
});

import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { App } from "./app.tsx";
import { identityStore } from "#mocks/identity/fixtures.ts";
import { loadIdentity } from "@/features/identity/auth.ts";
import { consent, recorder } from "@/features/analytics/runtime.ts";

// The whole app with the real Firebase SDK, its provider answered by the embedded
// fixtures (MSW): what `npm run dev` does with no server and no configuration.

// The lazy identity pages and the SDK are loaded (and, here, compiled) once, before the tests: a
// first load on a busy machine can outlast a query's wait, which is not what the tests measure.
beforeAll(async () => {
  await Promise.all([import("@/features/identity/identity-pages.tsx"), loadIdentity()]);
}, 120_000);

afterEach(async () => {
  await (await loadIdentity())?.signOut();
  window.location.hash = "";
  recorder.clear();
});

async function fill(label: string, text: string) {
  const field = await screen.findByLabelText(label, { selector: "input" });
  await userEvent.clear(field);
  await userEvent.type(field, text);
}

describe("identity in the app", () => {
  it("signs up, signs out and signs in again", async () => {
    window.location.hash = "#/sign-up";
    render(<App />);
    await screen.findByRole("heading", { name: "Create an account" });
    await fill("E-mail", "new.person@example.com");
    await fill("Password", "Sturdy-pass1");
    await userEvent.click(screen.getByRole("button", { name: "Create account" }));

    const account = await screen.findByRole("region", { name: "Your account" });
    expect(within(account).getByText("new.person@example.com")).toBeVisible();
    expect(within(account).getByText("Not yet")).toBeVisible();
    expect(identityStore.users().map((user) => user.email)).toContain("new.person@example.com");

    await userEvent.click(within(account).getByRole("button", { name: "Sign out" }));
    // The account page needs a session: the sign-in screen takes its place.
    await screen.findByRole("heading", { name: "Sign in" });
    await fill("E-mail", "new.person@example.com");
    await fill("Password", "Sturdy-pass1");
    await userEvent.click(screen.getByRole("button", { name: "Sign in" }));
    expect(await screen.findByRole("region", { name: "Your account" })).toBeVisible();
  });

  it("tells analytics, after consent, that someone signed up and signed in with a password", async () => {
    consent.set("granted");
    window.location.hash = "#/sign-up";
    render(<App />);
    await fill("E-mail", "counted@example.com");
    await fill("Password", "Sturdy-pass1");
    await userEvent.click(await screen.findByRole("button", { name: "Create account" }));
    const account = await screen.findByRole("region", { name: "Your account" });
    await userEvent.click(within(account).getByRole("button", { name: "Sign out" }));
    await fill("E-mail", "counted@example.com");
    await fill("Password", "Sturdy-pass1");
    await userEvent.click(screen.getByRole("button", { name: "Sign in" }));
    await screen.findByRole("region", { name: "Your account" });
    await waitFor(() =>
      expect(recorder.events.filter((event) => event.name !== "screen_view")).toEqual([
        { name: "sign_up", params: { method: "password" } },
        { name: "login", params: { method: "password" } },
      ]),
    );
    // Screens are counted by name, never with the e-mail or anything personal.
    expect(JSON.stringify(recorder.events)).not.toContain("counted@example.com");
    consent.set("denied");
  });

  it("refuses a wrong password as the provider does, in words", async () => {
    window.location.hash = "#/sign-in";
    render(<App />);
    await fill("E-mail", "ada@example.com");
    await fill("Password", "not-her-password");
    await userEvent.click(await screen.findByRole("button", { name: "Sign in" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("That e-mail and password don't match an account.");
    expect(screen.queryByText(/auth\//)).toBeNull();
  });

  it("returns a signed-out visitor of the account page there after signing in", async () => {
    window.location.hash = "#/account";
    render(<App />);
    await screen.findByRole("heading", { name: "Sign in" });
    await fill("E-mail", "ada@example.com");
    await fill("Password", "Analytical1");
    await userEvent.click(screen.getByRole("button", { name: "Sign in" }));
    const account = await screen.findByRole("region", { name: "Your account" });
    expect(within(account).getByText("ada@example.com")).toBeVisible();
    expect(within(account).getByText("Yes")).toBeVisible();
    expect(within(account).getByText(/January 15, 2026/)).toBeVisible();
    expect(window.location.hash).toBe("#/account");
  });
});

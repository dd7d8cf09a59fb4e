// The app's analytics in the tests (as in `npm run dev` and Storybook): the banner asks,
// events after consent are recorded, and nothing leaves the page's origin.
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, expect, it } from "vitest";
import { server } from "#mocks/node.ts";
import { track } from "@/features/analytics/analytics.ts";
import { recorder, SENDS } from "@/features/analytics/runtime.ts";
import { App } from "./app.tsx";

const requests: string[] = [];
beforeEach(() => {
  requests.length = 0;
  recorder.clear();
  server.events.on("request:start", ({ request }) => requests.push(request.url));
});
afterEach(() => server.events.removeAllListeners("request:start"));

it("asks first, records what follows consent, stops on decline, and sends nothing anywhere", async () => {
  const user = userEvent.setup();
  expect(SENDS).toBe(false);
  render(<App />);
  const banner = await screen.findByRole("region", { name: "Analytics" });
  expect(banner).toHaveAttribute("data-state", "unset");
  // The screen view at start came before consent: dropped, not kept for later.
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(recorder.events).toEqual([]);

  await user.click(screen.getByRole("button", { name: "Accept" }));
  const change = screen.getByRole("button", { name: "Analytics: on · Change" });
  expect(change).toHaveFocus();
  track("login", { method: "password" }); // what identity's sign-in sends
  await waitFor(() => expect(recorder.events).toEqual([{ name: "login", params: { method: "password" } }]));

  await user.click(change);
  await user.click(screen.getByRole("button", { name: "Decline" }));
  expect(screen.getByRole("button", { name: "Analytics: off · Change" })).toBeVisible();
  track("sign_up", { method: "password" });
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(recorder.events.map((event) => event.name)).toEqual(["login"]);

  // No tag script, no Google endpoint: no request at all left the page.
  expect(document.querySelector('script[src*="googletagmanager"]')).toBeNull();
  expect(requests.filter((url) => new URL(url).origin !== window.location.origin)).toEqual([]);
});

import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect } from "storybook/test";
import { keepMocking } from "./browser.ts";
import { answersFromFixtures, askWorker, probeUrl } from "@contract-workbench/workbench/fixtures/browser";

// The worker script as the preview registered it (.storybook/preview.tsx): at the root in
// Vitest, beside iframe.html everywhere else.
const probe = probeUrl(import.meta.env.VITEST ? "/mockServiceWorker.js" : "mockServiceWorker.js");

const meta = {
  title: "Workbench internals/Mock worker",
  parameters: { layout: "padded" },
  render: () => (
    <p>
      Before each story, the workbench checks that the mock Service Worker still answers this page, and takes the page
      back when the worker stopped counting it. Without that, every call of a story would reach the dev server.
    </p>
  ),
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

/** The worker forgets the page; the check before the next story takes it back, and calls are mocked again. */
export const TakesAForgottenPageBack: Story = {
  play: async ({ step }) => {
    await expect(await answersFromFixtures(probe)).toBe(true);
    // An origin that cannot have a Service Worker (plain HTTP away from localhost) is mocked
    // inside the page by MSW: there is no worker to forget it. Anywhere else one controls it.
    if (!window.isSecureContext) return;
    const controller = navigator.serviceWorker.controller;
    await expect(controller).not.toBeNull();
    if (!controller) return;
    await step("the worker forgets this page: its calls reach the network", async () => {
      // What the page that unloads says; the worker stops counting the page.
      await askWorker(controller, "CLIENT_CLOSE", "CLIENT_CLOSED");
      await expect(await answersFromFixtures(probe)).toBe(false);
    });
    await step("the check before a story takes the page back", async () => {
      await keepMocking();
      await expect(await answersFromFixtures(probe)).toBe(true);
    });
  },
};

import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState, type ReactNode } from "react";
import { action } from "storybook/actions";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { Button } from "@/components/button.tsx";
import { expectFocusVisible } from "@/components/expect-focus-visible.ts";
import { CONSENT_KEY, createConsentStore, type ConsentChoice } from "./consent.ts";
import { ConsentBanner } from "./consent-banner.tsx";
import type { AnalyticsEvent } from "./events.ts";
import { memoryStorage } from "./memory-storage.ts";
import { createAnalytics } from "./pipeline.ts";
import { createRecorder } from "./recorder.ts";

interface DemoProps {
  /** The choice remembered from an earlier visit. */
  stored?: ConsentChoice;
  /** The browser sends Global Privacy Control or Do Not Track. */
  privacySignal?: boolean;
  description?: ReactNode;
}

/**
 * The banner on its own consent store (a fresh first visit per story, nothing in the
 * browser's storage) and the real consent gate in front of a recorder: each event that
 * passes shows in the Actions panel and in the list below, so a reviewer sees what is
 * sent and when. Nothing leaves the page.
 */
function ConsentDemo({ stored, privacySignal = false, description }: DemoProps) {
  const [recorded, setRecorded] = useState<AnalyticsEvent[]>([]);
  const [setup] = useState(() => {
    const consent = createConsentStore({
      storage: memoryStorage(stored ? { [CONSENT_KEY]: stored } : {}),
      privacySignal: () => privacySignal,
    });
    const recorder = createRecorder();
    recorder.subscribe((event) => {
      action(`analytics: ${event.name}`)(event.params);
      setRecorded((events) => [...events, event]);
    });
    return { consent, analytics: createAnalytics({ consent, connect: () => Promise.resolve(recorder) }) };
  });
  return (
    <div style={{ display: "grid", gap: "var(--space-4)", justifyItems: "start" }}>
      <ConsentBanner consent={setup.consent} description={description} />
      <Button variant="secondary" onClick={() => setup.analytics.track("login", { method: "password" })}>
        Sign in (tracks login)
      </Button>
      <section aria-label="Recorded events">
        {recorded.length === 0 ? (
          <p>No event recorded.</p>
        ) : (
          <ul>
            {recorded.map((event, index) => (
              <li key={index}>
                {event.name} {JSON.stringify(event.params)}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

const meta = {
  title: "Features/Analytics/ConsentBanner",
  component: ConsentDemo,
  parameters: { layout: "padded" },
} satisfies Meta<typeof ConsentDemo>;

export default meta;
type Story = StoryObj<typeof meta>;

const recordedList = (canvasElement: HTMLElement) =>
  within(within(canvasElement).getByRole("region", { name: "Recorded events" }));

/** A first visit: the banner asks; an event before the answer is dropped. */
export const FirstVisit: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const banner = canvas.getByRole("region", { name: "Analytics" });
    await expect(banner).toHaveAttribute("data-state", "unset");
    await expect(banner).toHaveAttribute("data-open");
    await expect(within(banner).getByRole("button", { name: "Accept" })).toBeVisible();
    await expect(within(banner).getByRole("button", { name: "Decline" })).toBeVisible();
    await userEvent.click(canvas.getByRole("button", { name: "Sign in (tracks login)" }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    await expect(recordedList(canvasElement).getByText("No event recorded.")).toBeVisible();
  },
};

/** Accepted: the banner shrinks to its control, and events are recorded (see the Actions panel). */
export const Accepted: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("button", { name: "Accept" }));
    const banner = canvas.getByRole("region", { name: "Analytics" });
    await expect(banner).toHaveAttribute("data-state", "granted");
    await expect(banner).not.toHaveAttribute("data-open");
    await expect(canvas.getByRole("button", { name: "Analytics: on · Change" })).toHaveFocus();
    await userEvent.click(canvas.getByRole("button", { name: "Sign in (tracks login)" }));
    await expect(await recordedList(canvasElement).findByText('login {"method":"password"}')).toBeVisible();
  },
};

/** Declined: the same control says off, and nothing is recorded. */
export const Declined: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("button", { name: "Decline" }));
    await expect(canvas.getByRole("region", { name: "Analytics" })).toHaveAttribute("data-state", "denied");
    await expect(canvas.getByRole("button", { name: "Analytics: off · Change" })).toBeVisible();
    await userEvent.click(canvas.getByRole("button", { name: "Sign in (tracks login)" }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    await expect(recordedList(canvasElement).getByText("No event recorded.")).toBeVisible();
  },
};

/** A returning visitor who declined changes their mind from the control: events flow from then on. */
export const ChangedLater: Story = {
  args: { stored: "denied" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("button", { name: "Analytics: off · Change" }));
    const banner = canvas.getByRole("region", { name: "Analytics" });
    await expect(banner).toHaveAttribute("data-open");
    await expect(within(banner).getByText("Currently off.")).toBeVisible();
    await expect(within(banner).getByRole("button", { name: "Accept" })).toHaveFocus();
    await userEvent.click(within(banner).getByRole("button", { name: "Accept" }));
    await expect(canvas.getByRole("button", { name: "Analytics: on · Change" })).toBeVisible();
    await userEvent.click(canvas.getByRole("button", { name: "Sign in (tracks login)" }));
    await expect(await recordedList(canvasElement).findByText('login {"method":"password"}')).toBeVisible();
  },
};

/** The browser sends Global Privacy Control (or Do Not Track): no question, analytics is off, and it says why. */
export const PrivacySignal: Story = {
  args: { privacySignal: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const banner = canvas.getByRole("region", { name: "Analytics: off" });
    await expect(banner).toHaveAttribute("data-state", "signal");
    await expect(within(banner).queryByRole("button")).toBeNull();
    await expect(within(banner).getByText(/Global Privacy Control or Do Not Track/)).toBeVisible();
    await userEvent.click(canvas.getByRole("button", { name: "Sign in (tracks login)" }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    await expect(recordedList(canvasElement).getByText("No event recorded.")).toBeVisible();
  },
};

/** Keyboard only: Tab reaches Accept with a visible ring; choosing and reopening keep focus in place. */
export const Keyboard: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.tab();
    await expectFocusVisible(canvas.getByRole("button", { name: "Accept" }));
    await userEvent.keyboard("{Enter}");
    const on = canvas.getByRole("button", { name: "Analytics: on · Change" });
    await expectFocusVisible(on);
    await userEvent.keyboard("{Enter}");
    await expect(canvas.getByRole("button", { name: "Accept" })).toHaveFocus();
    await userEvent.tab();
    await expectFocusVisible(canvas.getByRole("button", { name: "Decline" }));
    await userEvent.keyboard(" ");
    await waitFor(() => expect(canvas.getByRole("button", { name: "Analytics: off · Change" })).toHaveFocus());
  },
};

/** Right to left, with Hebrew copy: the text and the actions start at the right edge. */
export const RightToLeft: Story = {
  args: {
    description: "בהסכמתך נספור אילו מסכים נצפו, כניסות והרשמות ושגיאות שהוצגו, כדי לשפר את האפליקציה.",
  },
  globals: { direction: "rtl" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const banner = canvas.getByRole("region", { name: "Analytics" });
    await expect(getComputedStyle(banner).direction).toBe("rtl");
    const box = banner.getBoundingClientRect();
    const accept = canvas.getByRole("button", { name: "Accept" }).getBoundingClientRect();
    const decline = canvas.getByRole("button", { name: "Decline" }).getBoundingClientRect();
    // Accept comes first, so it sits at the right; Decline to its left.
    await expect(accept.left).toBeGreaterThan(decline.left);
    await expect(box.right - accept.right).toBeLessThan(box.width / 4);
  },
};

// Every state of the identity screens, one story each with a play function that asserts:
// empty, filling, each validation message, the policy checklist, each provider error,
// signed in, session expired, offline, keyboard, right to left. One file, as Storybook
// shows them together under Identity / Screens.
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { createApiClient } from "@contract-workbench/runtime";
import { expectFocusVisible } from "@/components/expect-focus-visible.ts";
import { identity, identityStore } from "#mocks/identity/fixtures.ts";
import { providerError } from "#mocks/identity/handlers.ts";
import type { ProviderErrorCode } from "#mocks/identity/store.ts";
import type { paths as clinicPaths } from "../../../tests/contracts/clinic/generated/schema.d.ts";
import { clinic, clinicManifest } from "../../../tests/contracts/clinic/fixtures.ts";
import { AccountView } from "./account-view.tsx";
import { loadIdentity } from "./auth.ts";
import { RequireSession } from "./identity-pages.tsx";
import { SessionProvider } from "./session.tsx";
import { SignInForm } from "./sign-in-form.tsx";
import { SignUpForm } from "./sign-up-form.tsx";

type Screen = "sign-in" | "sign-up" | "account";

/** One identity screen inside a session, with the real SDK talking to the identity fixtures. */
function IdentityScreen({ screen }: { screen: Screen }) {
  return (
    <SessionProvider>
      {screen === "sign-in" ? <SignInForm /> : null}
      {screen === "sign-up" ? <SignUpForm /> : null}
      {screen === "account" ? (
        <RequireSession>
          <AccountView />
        </RequireSession>
      ) : null}
    </SessionProvider>
  );
}

const meta = {
  title: "Identity/Screens",
  component: IdentityScreen,
  args: { screen: "sign-in" },
  // Every story starts signed out, with the seeded accounts only.
  beforeEach: async () => {
    identityStore.reset();
    // The account page shows sign-in times: the same on every run, for the visual baselines.
    identityStore.setAccountClock(() => Date.UTC(2026, 10, 22, 8, 45));
    await (await loadIdentity())?.signOut();
  },
} satisfies Meta<typeof IdentityScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

const ADA = { email: "ada@example.com", password: "Analytical1" };

async function signInAs(email: string, password: string): Promise<void> {
  const sdk = await loadIdentity();
  if (!sdk) throw new Error("[identity story] no identity provider");
  await sdk.signIn(email, password);
}

function form(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  return {
    canvas,
    email: () => canvas.getByLabelText("E-mail", { selector: "input" }),
    password: () => canvas.getByLabelText("Password", { selector: "input" }),
  };
}

/** A sign-in the provider refuses with `code`; the screen shows `message`, never the code. */
function refusedSignIn(code: ProviderErrorCode, message: string): Story {
  return {
    parameters: { msw: { handlers: [identity.respond("signInWithPassword", 400, providerError(code))] } },
    play: async ({ canvasElement }) => {
      const { canvas, email, password } = form(canvasElement);
      await userEvent.type(email(), ADA.email);
      await userEvent.type(password(), ADA.password);
      await userEvent.click(canvas.getByRole("button", { name: "Sign in" }));
      await expect(await canvas.findByRole("alert")).toHaveTextContent(message);
      await expect(canvasElement.textContent).not.toMatch(/auth\/|[A-Z]{4,}_[A-Z]+/);
      await expect(canvasElement.querySelector("form")).toHaveAttribute("data-state", "failed");
    },
  };
}

// Sign in ---------------------------------------------------------------------------

export const SignInEmpty: Story = {
  play: async ({ canvasElement }) => {
    const { canvas, email, password } = form(canvasElement);
    await expect(canvas.getByRole("heading", { name: "Sign in" })).toBeVisible();
    await expect(email()).toHaveValue("");
    await expect(password()).toHaveValue("");
    await expect(canvas.queryByRole("alert")).not.toBeInTheDocument();
    await expect(canvas.getByRole("link", { name: "Create an account" })).toBeVisible();
  },
};

export const SignInFilling: Story = {
  play: async ({ canvasElement }) => {
    const { email, password } = form(canvasElement);
    await userEvent.type(email(), "ada@exa");
    await userEvent.type(password(), "Analyt");
    await expect(email()).toHaveValue("ada@exa");
    await expect(email()).not.toHaveAttribute("aria-invalid");
    await expect(canvasElement.querySelector("form")).toHaveAttribute("data-state", "idle");
  },
};

export const SignInEmptyFields: Story = {
  play: async ({ canvasElement }) => {
    const { canvas, email, password } = form(canvasElement);
    await userEvent.click(canvas.getByRole("button", { name: "Sign in" }));
    await expect(email()).toHaveAccessibleDescription("Enter your e-mail address.");
    await expect(password()).toHaveAccessibleDescription("Enter your password.");
    await expect(email()).toHaveFocus();
  },
};

export const SignInMalformedEmail: Story = {
  play: async ({ canvasElement }) => {
    const { canvas, email, password } = form(canvasElement);
    await userEvent.type(email(), "ada@example");
    await userEvent.type(password(), "whatever");
    await userEvent.click(canvas.getByRole("button", { name: "Sign in" }));
    await expect(email()).toHaveAccessibleDescription("Enter an e-mail address such as name@example.com.");
    await expect(password()).not.toHaveAttribute("aria-invalid");
  },
};

export const SignInSubmitting: Story = {
  globals: { scenario: "slow" },
  play: async ({ canvasElement }) => {
    const { canvas, email, password } = form(canvasElement);
    await userEvent.type(email(), ADA.email);
    await userEvent.type(password(), ADA.password);
    await userEvent.click(canvas.getByRole("button", { name: "Sign in" }));
    await expect(canvas.getByRole("button", { name: "Sign in" })).toHaveAttribute("aria-busy", "true");
    await expect(canvasElement.querySelector("form")).toHaveAttribute("data-state", "submitting");
    // Let the slow answers arrive before the story ends: two in a row (sign-in, then the
    // account lookup), 1.5 s each, which the dev server on a busy machine can stretch past
    // 5 s (the sidebar walk saw it). The wait ends as soon as the form is idle.
    await waitFor(() => expect(canvasElement.querySelector("form")).toHaveAttribute("data-state", "idle"), {
      timeout: 15_000,
    });
  },
};

export const SignInWrongPassword: Story = {
  play: async ({ canvasElement }) => {
    const { canvas, email, password } = form(canvasElement);
    await userEvent.type(email(), ADA.email);
    await userEvent.type(password(), "Not-her-password1");
    await userEvent.click(canvas.getByRole("button", { name: "Sign in" }));
    await expect(await canvas.findByRole("alert")).toHaveTextContent(
      "That e-mail and password don't match an account.",
    );
  },
};

export const SignInUserDisabled: Story = refusedSignIn("USER_DISABLED", "This account has been disabled.");
export const SignInTooManyAttempts: Story = refusedSignIn(
  "TOO_MANY_ATTEMPTS_TRY_LATER",
  "Too many attempts. Wait a few minutes, then try again.",
);
export const SignInQuotaExceeded: Story = refusedSignIn("QUOTA_EXCEEDED", "The sign-in service is busy right now.");
export const SignInInternalError: Story = refusedSignIn("INTERNAL_ERROR", "The sign-in service had a problem.");
export const SignInUnknownError: Story = refusedSignIn(
  "SOMETHING_NEW",
  "Something went wrong while talking to the sign-in service. Try again.",
);

export const SignInOffline: Story = {
  globals: { scenario: "offline" },
  play: async ({ canvasElement }) => {
    const { canvas, email, password } = form(canvasElement);
    await userEvent.type(email(), ADA.email);
    await userEvent.type(password(), ADA.password);
    await userEvent.click(canvas.getByRole("button", { name: "Sign in" }));
    await expect(await canvas.findByRole("alert")).toHaveTextContent(
      "The sign-in service can't be reached. Check your connection and try again.",
    );
  },
};

/** Keyboard only: Tab through the form (focus ring on each), type, Enter signs in. */
export const SignInKeyboard: Story = {
  args: { screen: "account" },
  play: async ({ canvasElement }) => {
    const { canvas } = form(canvasElement);
    await canvas.findByRole("heading", { name: "Sign in" });
    await userEvent.tab();
    await expectFocusVisible(canvas.getByLabelText("E-mail", { selector: "input" }));
    await userEvent.keyboard(ADA.email);
    await userEvent.tab();
    await expectFocusVisible(canvas.getByLabelText("Password", { selector: "input" }));
    await userEvent.keyboard(`${ADA.password}{Enter}`);
    await expect(await canvas.findByRole("region", { name: "Your account" })).toBeVisible();
  },
};

/** Right to left: the form's text starts at the right edge. */
export const SignInRightToLeft: Story = {
  globals: { direction: "rtl" },
  play: async ({ canvasElement }) => {
    const { canvas, email } = form(canvasElement);
    const heading = canvas.getByRole("heading", { name: "Sign in" });
    const box = canvasElement.querySelector("form")!.getBoundingClientRect();
    const range = document.createRange();
    range.selectNodeContents(heading);
    await expect(Math.abs(range.getBoundingClientRect().right - box.right)).toBeLessThan(1);
    await expect(getComputedStyle(email()).direction).toBe("rtl");
  },
};

// Sign up ---------------------------------------------------------------------------

/** The checklist appears once the provider's password policy has loaded (a request to the fixtures through the SDK). */
function checklist(canvasElement: HTMLElement) {
  return within(canvasElement).findByRole("list", { name: "Password requirements" });
}

export const SignUpEmpty: Story = {
  args: { screen: "sign-up" },
  play: async ({ canvasElement }) => {
    const list = await checklist(canvasElement);
    // The rules come from the provider's policy (the fixtures': 8+ characters, upper, lower, number).
    await expect(within(list).getByText("At least 8 characters")).toBeVisible();
    await expect(within(list).getByText("An upper-case letter")).toBeVisible();
    await expect(list).toHaveAttribute("data-complete", "false");
  },
};

export const SignUpPolicyPartlyMet: Story = {
  args: { screen: "sign-up" },
  play: async ({ canvasElement }) => {
    const { password } = form(canvasElement);
    await userEvent.type(password(), "lowercase");
    const list = await checklist(canvasElement);
    await waitFor(() =>
      expect(within(list).getByText("A lower-case letter").closest("li")).toHaveAttribute("data-met", "true"),
    );
    await expect(within(list).getByText("At least 8 characters").closest("li")).toHaveAttribute("data-met", "true");
    await expect(within(list).getByText("An upper-case letter").closest("li")).toHaveAttribute("data-met", "false");
    await expect(within(list).getByText("A number").closest("li")).toHaveAttribute("data-met", "false");
    await expect(list).toHaveAttribute("data-complete", "false");
  },
};

export const SignUpPolicyMet: Story = {
  args: { screen: "sign-up" },
  play: async ({ canvasElement }) => {
    const { password } = form(canvasElement);
    await userEvent.type(password(), "Sturdy-pass1");
    const list = await checklist(canvasElement);
    await waitFor(() => expect(list).toHaveAttribute("data-complete", "true"));
  },
};

export const SignUpValidation: Story = {
  args: { screen: "sign-up" },
  play: async ({ canvasElement }) => {
    const { canvas, email, password } = form(canvasElement);
    await checklist(canvasElement);
    await userEvent.click(canvas.getByRole("button", { name: "Create account" }));
    await expect(email()).toHaveAccessibleDescription(/Enter your e-mail address\./);
    await expect(password()).toHaveAccessibleDescription(/Choose a password\./);
    await userEvent.type(email(), "new@example.com");
    await userEvent.type(password(), "short");
    await userEvent.click(canvas.getByRole("button", { name: "Create account" }));
    await expect(password()).toHaveAccessibleDescription(/does not meet the requirements listed below/);
    await expect(password()).toHaveFocus();
  },
};

async function submitSignUp(canvasElement: HTMLElement, address: string, secret = "Sturdy-pass1") {
  const { canvas, email, password } = form(canvasElement);
  await userEvent.type(email(), address);
  await userEvent.type(password(), secret);
  await waitFor(() =>
    expect(canvasElement.querySelector(".password-checklist")).toHaveAttribute("data-complete", "true"),
  );
  await userEvent.click(canvas.getByRole("button", { name: "Create account" }));
}

export const SignUpEmailTaken: Story = {
  args: { screen: "sign-up" },
  play: async ({ canvasElement }) => {
    await submitSignUp(canvasElement, ADA.email);
    const { email } = form(canvasElement);
    await waitFor(() => expect(email()).toHaveAccessibleDescription(/An account with this e-mail already exists/));
  },
};

export const SignUpWeakPassword: Story = {
  args: { screen: "sign-up" },
  parameters: {
    msw: {
      handlers: [
        identity.respond("signUp", 400, providerError("WEAK_PASSWORD : Password should be at least 6 characters")),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    await submitSignUp(canvasElement, "new@example.com");
    const { password } = form(canvasElement);
    await waitFor(() => expect(password()).toHaveAccessibleDescription(/This password is too short/));
  },
};

export const SignUpPolicyRefused: Story = {
  args: { screen: "sign-up" },
  parameters: {
    msw: {
      handlers: [
        identity.respond(
          "signUp",
          400,
          providerError(
            "PASSWORD_DOES_NOT_MEET_REQUIREMENTS : Missing password requirements: [Password must contain a non-alphanumeric character]",
          ),
        ),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    await submitSignUp(canvasElement, "new@example.com");
    const { password } = form(canvasElement);
    await waitFor(() => expect(password()).toHaveAccessibleDescription(/does not meet the requirements/));
  },
};

export const SignUpOffline: Story = {
  args: { screen: "sign-up" },
  globals: { scenario: "offline" },
  play: async ({ canvasElement }) => {
    const { canvas, email, password } = form(canvasElement);
    // No policy can be fetched offline: no checklist, the provider would check on submit.
    await userEvent.type(email(), "new@example.com");
    await userEvent.type(password(), "Sturdy-pass1");
    await userEvent.click(canvas.getByRole("button", { name: "Create account" }));
    await expect(await canvas.findByRole("alert")).toHaveTextContent("The sign-in service can't be reached.");
  },
};

export const SignUpSucceeds: Story = {
  args: { screen: "sign-up" },
  play: async ({ canvasElement }) => {
    await submitSignUp(canvasElement, "new@example.com");
    await waitFor(() => expect(identityStore.users().map((user) => user.email)).toContain("new@example.com"));
    await waitFor(() => expect(canvasElement.querySelector("form")).toHaveAttribute("data-state", "idle"));
  },
};

// Account ---------------------------------------------------------------------------

export const SignedIn: Story = {
  args: { screen: "account" },
  beforeEach: () => signInAs(ADA.email, ADA.password),
  play: async ({ canvasElement }) => {
    const account = await within(canvasElement).findByRole("region", { name: "Your account" });
    await expect(within(account).getByText("ada@example.com")).toBeVisible();
    await expect(within(account).getByText("Yes")).toBeVisible();
    await expect(within(account).getByText("January 15, 2026 at 9:30 AM UTC")).toBeVisible();
    await expect(within(account).getByText("November 22, 2026 at 8:45 AM UTC")).toBeVisible();
    await expect(account).toHaveAttribute("data-verified", "true");
  },
};

export const SignedInUnverified: Story = {
  args: { screen: "account" },
  beforeEach: () => signInAs("grace@example.com", "Compiler1952"),
  play: async ({ canvasElement }) => {
    const account = await within(canvasElement).findByRole("region", { name: "Your account" });
    await expect(within(account).getByText("Not yet")).toBeVisible();
    await expect(account).toHaveAttribute("data-verified", "false");
  },
};

export const SignOut: Story = {
  args: { screen: "account" },
  beforeEach: () => signInAs(ADA.email, ADA.password),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole("button", { name: "Sign out" }));
    await expect(await canvas.findByRole("heading", { name: "Sign in" })).toBeVisible();
  },
};

/** The signed-out visitor of a page that needs a session gets the sign-in screen in its place. */
export const SignInRequired: Story = {
  args: { screen: "account" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole("heading", { name: "Sign in" })).toBeVisible();
    await expect(canvas.queryByRole("region", { name: "Your account" })).not.toBeInTheDocument();
  },
};

/** Token refreshes the identity fixtures answered since the story's account signed in. */
let refreshes = 0;

/**
 * The fixtures' `unauthorized` scenario while signed in: the API refuses the token (here
 * the gallery's test contract, whose deletePet requires bearer, answered by its default
 * fixtures), the client refreshes the token once and retries, is refused again, and ends
 * the session: the page asks to sign in again, saying why.
 */
export const SessionExpired: Story = {
  args: { screen: "account" },
  globals: { scenario: "unauthorized" },
  parameters: { msw: { handlers: clinic.handlers } },
  beforeEach: async () => {
    await signInAs(ADA.email, ADA.password);
    refreshes = 0;
    return identity.onExchange(({ operationId }) => {
      if (operationId === "refreshToken") refreshes += 1;
    });
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole("region", { name: "Your account" });
    const client = createApiClient<clinicPaths>({ operations: clinicManifest.operations });
    const { response } = await client.DELETE("/pets/{petId}", { params: { path: { petId: 1 } } });
    await expect(response.status).toBe(401);
    await expect(await canvas.findByRole("status")).toHaveTextContent("Your session has expired. Sign in again.");
    await expect(canvas.getByRole("heading", { name: "Sign in" })).toBeVisible();
    await identity.settled();
    await expect(refreshes).toBe(1);
  },
};

import type { StoryContext, StoryObj } from "@storybook/react-vite";
import type { ReactNode } from "react";
import { expect, waitFor } from "storybook/test";
import type { Fixtures } from "../fixtures/contract-fixtures.ts";
import { concreteStatus } from "../contract/media-and-status.ts";
import { pairLabel } from "../contract/stream-pairs.ts";
import { requiresCredentials } from "@contract-workbench/runtime";
import { fixtures, identity as productIdentity } from "virtual:contract-workbench/product";
import { GallerySession, GalleryWithoutIdentity } from "./gallery-session.tsx";
import { GALLERY_TAG } from "./gallery-tag.ts";
import type { GallerySource, RuntimeHooks, RuntimeStreams } from "./gallery-source.ts";
import { OperationResponse } from "./operation-response.tsx";

export interface GalleryArgs {
  operationId: string;
  status: string;
  mediaType?: string | undefined;
}

export interface GalleryContract {
  source: GallerySource;
  mocks: Pick<Fixtures, "respond">;
  hooks?: RuntimeHooks;
  streams?: RuntimeStreams;
}

// Read from the manifest at run time: the generated types of an empty contract accept no operation.
const productContract: GalleryContract = { source: fixtures, mocks: fixtures };

type ProductIdentity = NonNullable<typeof productIdentity>;

export const galleryMeta = { tags: [GALLERY_TAG, "!autodocs"], parameters: { layout: "padded" } };

/** The `slow` scenario holds every answer for 1.5 s, then plays a stream's events slowly. */
const SLOW = { timeout: 15_000 };

/** `label` names the pair, as one test may check several. */
async function expectResponseShown(element: Element, scenario: unknown, label: string): Promise<void> {
  const result = () => element.querySelector(".operation-response__result");
  await waitFor(() => {
    const state = result()?.getAttribute("data-state");
    if (state === undefined || state === null || state === "loading" || state === "streaming")
      throw new Error(`${label}: the response has not arrived${state === "streaming" ? " whole" : ""}.`);
  }, SLOW);
  await expectSequenceShown(element, scenario, label);
  // A re-render (a mutation's list refetched, say) replaces the element: wait for one shown.
  await waitFor(() => {
    if (element.querySelector("[data-verdict]")?.checkVisibility() !== true) throw new Error(`${label}: no verdict`);
  }, SLOW);
  const verdict = element.querySelector("[data-verdict]");
  await expect(verdict, `${label}: no verdict`).toBeVisible();
  // storybook/test's `expect` drops its message argument: the error itself names the pair and each problem.
  if (verdict?.getAttribute("data-verdict") === "invalid") {
    const problems = Array.from(verdict.querySelectorAll("li"), (item) => item.textContent).join("; ");
    throw new Error(`${label} does not match the contract: ${problems}`);
  }
  if (scenario !== "offline")
    await expect(result(), label).toHaveAttribute("data-state", expect.stringMatching(/^(success|error|unsendable)$/));
}

/** A stream's events in order, each once; at least one where the scenario serves data. */
async function expectSequenceShown(element: Element, scenario: unknown, label: string): Promise<void> {
  const stream = element.querySelector(".stream-response .operation-response__result");
  if (stream === null) return;
  const shown = Array.from(stream.querySelectorAll("li[data-index]"), (item) =>
    Number(item.getAttribute("data-index")),
  );
  const expected = Array.from({ length: shown.length }, (_, index) => index);
  if (shown.join() !== expected.join()) throw new Error(`${label}: events shown out of order: ${shown.join(", ")}`);
  await expect(stream.getAttribute("data-count"), label).toBe(String(shown.length));
  const serving =
    scenario === undefined ||
    (typeof scenario === "string" && ["default", "slow", "many", "long-text", "broken"].includes(scenario));
  if (serving && stream.getAttribute("data-state") === "success" && shown.length === 0)
    throw new Error(`${label}: the stream ended without an event.`);
}

const play: NonNullable<StoryObj<GalleryArgs>["play"]> = async ({ canvasElement, args, globals }) => {
  const label = `${args.operationId} ${pairLabel(args.status, args.mediaType)}`;
  await expectResponseShown(canvasElement, globals.scenario, label);
};

function PairResponse({ contract, ...pair }: GalleryArgs & { contract: GalleryContract }) {
  return <OperationResponse {...pair} source={contract.source} hooks={contract.hooks} streams={contract.streams} />;
}

interface SessionRun {
  refreshes: number;
  signInProblem?: string;
}

/** Counts the token refreshes; the cleanup signs out for the next story. */
async function signInSeeded(provider: ProductIdentity, run: SessionRun): Promise<() => Promise<void>> {
  run.refreshes = 0;
  run.signInProblem = undefined;
  const identity = await provider.loadIdentity();
  const [account] = provider.seededUsers;
  try {
    await identity?.signIn(account.email, account.password);
  } catch (error) {
    run.signInProblem = error instanceof Error ? error.message : String(error);
  }
  const stop = provider.fixtures.onExchange(({ operationId }) => {
    if (operationId === "refreshToken") run.refreshes += 1;
  });
  return async () => {
    stop();
    await identity?.signOut();
  };
}

/** A 401 makes the client refresh the token once, retry, get 401 again and end the session; nothing else changes it. */
async function expectSessionPath(
  provider: ProductIdentity,
  { canvasElement, globals }: Pick<StoryContext, "canvasElement" | "globals">,
  status: string,
  run: SessionRun,
): Promise<void> {
  // Offline, neither the sign-in nor the call is answered: there is no session to follow.
  if (globals.scenario === "offline") return;
  const banner = canvasElement.querySelector(".gallery-session__banner");
  const refused = concreteStatus(status, 500) === 401;
  await waitFor(() => expect(banner).toHaveAttribute("data-session", refused ? "expired" : "signed-in"));
  await provider.fixtures.settled();
  await expect(run.refreshes).toBe(refused ? 1 : 0);
}

/** `story` signed in as the seeded account, then its session checked; without an identity provider, unsigned. */
function signedIn<Args extends object>(
  story: StoryObj<Args>,
  status: string,
  content: (args: Args) => ReactNode,
  provider: ProductIdentity | undefined = productIdentity,
): StoryObj<Args> {
  if (provider === undefined)
    return { ...story, render: (args: Args) => <GalleryWithoutIdentity>{content(args)}</GalleryWithoutIdentity> };
  const { SessionProvider, useSession } = provider;
  const run: SessionRun = { refreshes: 0 };
  type PlayContext = Parameters<NonNullable<StoryObj<Args>["play"]>>[0];
  return {
    ...story,
    beforeEach: () => signInSeeded(provider, run),
    render: (args: Args) => (
      <SessionProvider>
        <GallerySession signInProblem={run.signInProblem} useSession={useSession}>
          {content(args)}
        </GallerySession>
      </SessionProvider>
    ),
    play: async (context: PlayContext) => {
      await story.play?.(context);
      await expectSessionPath(provider, context, status, run);
    },
  };
}

/** Read-only: the story's handler answers this pair, so another typed in Controls would be checked against it. */
const READ_ONLY_PAIR = {
  operationId: { control: false },
  status: { control: false },
  mediaType: { control: false },
} as const;

function snippet(operationId: string, status: string): string {
  return `parameters: { msw: { handlers: [fixtures.respond(${JSON.stringify(operationId)}, ${JSON.stringify(status)})] } }`;
}

/** One operation × declared status through the app's hooks; a secured one runs signed in (docs/decisions/0012-identity.md). */
export function galleryStory(
  operationId: string,
  status: string,
  contract: GalleryContract = productContract,
  mediaType?: string,
): StoryObj<GalleryArgs> {
  const response = (args: GalleryArgs) => <PairResponse {...args} contract={contract} />;
  const story: StoryObj<GalleryArgs> = {
    args: mediaType === undefined ? { operationId, status } : { operationId, status, mediaType },
    argTypes: READ_ONLY_PAIR,
    parameters: {
      msw: { handlers: [contract.mocks.respond(operationId, status)] },
      // The handler line a story of one's own writes, not Storybook's JSX snippet (it would print the whole contract).
      docs: { codePanel: true, source: { code: snippet(operationId, status), language: "ts" } },
    },
    render: response,
    play,
  };
  const operation = contract.source.manifest.operations.find((candidate) => candidate.operationId === operationId);
  return operation && requiresCredentials(operation) ? signedIn(story, status, response) : story;
}

interface GalleryBatchArgs {
  pairs: Array<[operationId: string, status: string, mediaType?: string]>;
}

/** Several pairs in one test, each with its own handler; one status, so a secured batch's 401s share one refresh. */
export function galleryBatch(pairs: GalleryBatchArgs["pairs"], contract: GalleryContract = productContract) {
  const operations = new Set(pairs.map(([operationId]) => operationId));
  if (operations.size !== pairs.length) throw new Error("gallery: a batch holds each operation at most once.");
  const statuses = new Set(pairs.map(([, status, mediaType]) => `${status} ${mediaType ?? ""}`));
  const status = pairs[0]?.[1];
  if (status === undefined || statuses.size > 1) throw new Error("gallery: a batch holds one status (and stream).");
  const responses = (args: GalleryBatchArgs) =>
    args.pairs.map(([operationId, pairStatus, mediaType]) => (
      <section key={operationId} aria-label={`${operationId} ${pairStatus}`} data-gallery-pair>
        <PairResponse operationId={operationId} status={pairStatus} mediaType={mediaType} contract={contract} />
      </section>
    ));
  const expectResponses: NonNullable<StoryObj<GalleryBatchArgs>["play"]> = async ({ canvasElement, args, globals }) => {
    const sections = canvasElement.querySelectorAll("[data-gallery-pair]");
    await expect(sections).toHaveLength(args.pairs.length);
    await Promise.all(
      args.pairs.map(([operationId, pairStatus, mediaType], index) =>
        expectResponseShown(sections[index]!, globals.scenario, `${operationId} ${pairLabel(pairStatus, mediaType)}`),
      ),
    );
  };
  const story: StoryObj<GalleryBatchArgs> = {
    args: { pairs },
    argTypes: { pairs: { control: false } },
    parameters: {
      msw: { handlers: pairs.map(([operationId]) => contract.mocks.respond(operationId, status)) },
    },
    render: (args) => <>{responses(args)}</>,
    play: expectResponses,
  };
  const secured = contract.source.manifest.operations.some(
    (operation) => operations.has(operation.operationId) && requiresCredentials(operation),
  );
  return secured ? signedIn(story, status, responses) : story;
}

// How one gallery story is built: the contract gallery's modules (generated from the
// operation manifest by workbench/gallery/contract-gallery.ts) hold one call of `galleryStory`
// per operation × declared status, and nothing else.
import type { StoryObj } from "@storybook/react-vite";
import { expect, waitFor } from "storybook/test";
import type { Fixtures } from "../fixtures/contract-fixtures";
import { fixtures } from "../product";
import { GALLERY_TAG } from "./gallery-tag";
import { OperationResponse, type GallerySource } from "./operation-response";

interface GalleryArgs {
  operationId: string;
  status: string;
}

// The gallery is written against the manifest at run time, not against the generated
// types (which, for the product's empty contract, accept no operation at all).
const source = fixtures as unknown as GallerySource;
const mocks = fixtures as unknown as Fixtures;

/** The annotations every gallery module's default export spreads. */
export const galleryMeta = {
  tags: [GALLERY_TAG, "!autodocs"],
  parameters: { layout: "padded" },
};

/**
 * A designer sees the response without doing anything, so a story's test only waits for
 * it, then reads the verdict: what arrived must match the contract (offline, in the
 * workbench's Scenario menu, nothing arrives and there is nothing to match). `label`
 * names the pair in a failure, which matters when one test checks several.
 */
async function expectResponseShown(element: Element, scenario: unknown, label: string): Promise<void> {
  const result = () => element.querySelector(".operation-response__result");
  await waitFor(
    () => {
      const state = result()?.getAttribute("data-state");
      if (state === undefined || state === null || state === "loading")
        throw new Error(`${label}: the response has not arrived.`);
    },
    // The `slow` scenario holds every answer for 1.5 s.
    { timeout: 10_000 },
  );
  const verdict = element.querySelector("[data-verdict]");
  await expect(verdict, `${label}: no verdict`).toBeVisible();
  // storybook/test's `expect` drops its message argument, and a batch holds twenty pairs:
  // the error itself names the pair and each problem.
  if (verdict?.getAttribute("data-verdict") === "invalid") {
    const problems = Array.from(verdict.querySelectorAll("li"), (item) => item.textContent).join("; ");
    throw new Error(`${label} does not match the contract: ${problems}`);
  }
  if (scenario !== "offline") {
    await expect(result(), label).toHaveAttribute("data-state", expect.stringMatching(/^(success|error)$/));
  }
}

const play: NonNullable<StoryObj<GalleryArgs>["play"]> = async ({ canvasElement, args, globals }) => {
  await expectResponseShown(canvasElement, globals.scenario, `${args.operationId} ${args.status}`);
};

/**
 * The story of one operation's response with one declared status: the operation's
 * handler answers with that status (the contract's data, in the Scenario menu's state)
 * and the response is shown through the app's hooks and client.
 *
 * @example
 * export const status_404 = { ...galleryStory("getPet", "404"), name: "404" };
 */
export function galleryStory(operationId: string, status: string): StoryObj<GalleryArgs> {
  return {
    args: { operationId, status },
    parameters: { msw: { handlers: [mocks.respond(operationId, status)] } },
    render: (args) => <OperationResponse source={source} operationId={args.operationId} status={args.status} />,
    play,
  };
}

interface GalleryBatchArgs {
  /** Operation × status pairs, each operation at most once (its handler answers with that status). */
  pairs: Array<[operationId: string, status: string]>;
}

/**
 * Several gallery stories checked in one test, for `vitest run` on a large contract: each
 * pair is rendered in its own labelled section of one page, with its own handler, and
 * every check of a single story (response shown, verdict, console errors, axe, unhandled
 * requests, contract violations) runs once over the page. A failure names the pair.
 * An operation appears at most once per batch, so the handlers never compete
 * (docs/decisions/0009-contract-gallery-and-coverage.md, "Batches").
 *
 * @example
 * export const gallery_0 = { ...galleryBatch([["getPet", "200"], ["listPets", "200"]]), name: "200: getPet, listPets" };
 */
export function galleryBatch(pairs: GalleryBatchArgs["pairs"]): StoryObj<GalleryBatchArgs> {
  const operations = new Set(pairs.map(([operationId]) => operationId));
  if (operations.size !== pairs.length) throw new Error("gallery: a batch holds each operation at most once.");
  return {
    args: { pairs },
    parameters: { msw: { handlers: pairs.map(([operationId, status]) => mocks.respond(operationId, status)) } },
    render: (args) => (
      <>
        {args.pairs.map(([operationId, status]) => (
          <section key={operationId} aria-label={`${operationId} ${status}`} data-gallery-pair>
            <OperationResponse source={source} operationId={operationId} status={status} />
          </section>
        ))}
      </>
    ),
    play: async ({ canvasElement, args, globals }) => {
      const sections = canvasElement.querySelectorAll("[data-gallery-pair]");
      await expect(sections).toHaveLength(args.pairs.length);
      await Promise.all(
        args.pairs.map(([operationId, status], index) =>
          expectResponseShown(sections[index]!, globals.scenario, `${operationId} ${status}`),
        ),
      );
    },
  };
}

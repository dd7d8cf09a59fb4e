// What a designer sees where a contract is silent: the field-values test contract
// (tests/contracts/field-values/openapi.yaml) has no tags, no examples and no bounds on the
// values these stories read, so each value comes from the field rules
// (packages/workbench/src/fixtures/data/field-rules.ts) and the answers' agreement (consistent.ts).
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { createApiClient, createApiHooks } from "@contract-workbench/runtime";
import { fixtures, manifest } from "../../../../tests/contracts/field-values/generated/fixtures.ts";
import type { paths } from "../../../../tests/contracts/field-values/generated/schema.d.ts";
import { GalleryOverview } from "./gallery-overview.tsx";
import { galleryStory, type GalleryArgs, type GalleryContract } from "./gallery-story.tsx";

const gallery: GalleryContract = {
  source: fixtures,
  mocks: fixtures,
  hooks: createApiHooks(createApiClient<paths>({ operations: manifest.operations }), {
    manifest,
  }),
};

const meta = {
  title: "Workbench internals/Field values",
  parameters: { layout: "padded" },
} satisfies Meta<GalleryArgs>;
export default meta;
type Story = StoryObj<GalleryArgs>;

/** The value a response header list shows for a header. */
function headerValue(canvasElement: HTMLElement, name: string): string {
  const term = [...canvasElement.querySelectorAll(".response-headers__entry dt")].find((dt) => dt.textContent === name);
  return term?.nextElementSibling?.textContent ?? "";
}

const rooms = galleryStory("listRooms", "200", gallery);

/** A page of rooms: quantities not negative and of a real size, titles a short phrase, the page's numbers agreeing. */
export const QuantitiesAndTitles: Story = {
  ...rooms,
  play: async (context) => {
    await rooms.play?.(context);
    const canvas = within(context.canvasElement);
    const page = fixtures.fixture("listRooms", 200);
    const [first] = page.data;
    if (first === undefined) throw new Error("listRooms answered no room.");
    await expect(await canvas.findByText(first.title)).toBeVisible();
    for (const room of page.data) {
      await expect(room.max_participants).toBeGreaterThanOrEqual(1);
      await expect(room.max_participants).toBeLessThanOrEqual(100);
      await expect(room.position).toBeGreaterThanOrEqual(0);
      await expect(room.bitrate).toBeGreaterThanOrEqual(64_000);
      await expect(room.title.split(" ").length).toBeLessThanOrEqual(3);
      await expect(Date.parse(room.created_at)).toBeLessThanOrEqual(Date.parse(room.updated_at));
    }
    await expect(page.total).toBeGreaterThanOrEqual(page.data.length);
    await expect(page.page).toBeLessThanOrEqual(page.total_pages);
  },
};

const limited = galleryStory("listRooms", "429", gallery);

/** A 429's rate-limit headers: whole numbers, the remaining within the limit, a reset and a retry in the near future. */
export const RateLimitHeaders: Story = {
  ...limited,
  play: async (context) => {
    await limited.play?.(context);
    const limit = Number(headerValue(context.canvasElement, "X-RateLimit-Limit"));
    const remaining = Number(headerValue(context.canvasElement, "X-RateLimit-Remaining"));
    const reset = Number(headerValue(context.canvasElement, "X-RateLimit-Reset"));
    const retry = Number(headerValue(context.canvasElement, "Retry-After"));
    for (const value of [limit, remaining, reset, retry]) await expect(Number.isInteger(value)).toBe(true);
    await expect(limit).toBeGreaterThan(0);
    await expect(remaining).toBeGreaterThanOrEqual(0);
    await expect(remaining).toBeLessThanOrEqual(limit);
    await expect(reset).toBeGreaterThan(0);
    await expect(reset).toBeLessThanOrEqual(3600);
    await expect(retry).toBeGreaterThan(0);
  },
};

/** A contract without tags, in folders by path (after the `/v1` its paths share), none named "untagged". */
export const FoldersWithoutTags: Story = {
  render: () => <GalleryOverview manifest={manifest} />,
  play: async ({ canvasElement }) => {
    const folders = [...canvasElement.querySelectorAll("tbody tr th")].map((cell) => cell.textContent);
    await expect(folders).toEqual(["rooms", "usage"]);
  },
};

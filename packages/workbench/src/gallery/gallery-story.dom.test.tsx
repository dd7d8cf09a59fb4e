import { describe, expect, it } from "vitest";
import { clinic } from "../../../../tests/contracts/clinic/fixtures.ts";
import { galleryBatch, galleryStory } from "./gallery-story.tsx";

describe("galleryStory", () => {
  it("shows, as its code, the handler line that answers the same way in a story of one's own", () => {
    const story = galleryStory("listVisits", "200", { source: clinic, mocks: clinic });
    expect(story.parameters?.docs).toEqual({
      codePanel: true,
      source: {
        code: 'parameters: { msw: { handlers: [fixtures.respond("listVisits", "200")] } }',
        language: "ts",
      },
    });
    expect(story.parameters?.msw).toEqual({ handlers: [expect.anything()] });
  });

  it("shows its pair in Controls without offering to edit it: its handler answers that pair only", () => {
    const story = galleryStory("listVisits", "200", { source: clinic, mocks: clinic });
    expect(story.argTypes).toEqual({
      operationId: { control: false },
      status: { control: false },
      mediaType: { control: false },
    });
    expect(galleryBatch([["listVisits", "200"]], { source: clinic, mocks: clinic }).argTypes).toEqual({
      pairs: { control: false },
    });
  });
});

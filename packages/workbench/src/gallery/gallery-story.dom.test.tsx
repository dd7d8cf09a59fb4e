import { describe, expect, it } from "vitest";
import { clinic } from "../../../../tests/contracts/clinic/fixtures.ts";
import { galleryStory } from "./gallery-story.tsx";

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
});

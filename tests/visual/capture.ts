// Setup for the story projects (`storybook`, light; `storybook-dark`): after a story has
// rendered, run its play function and passed axe, its pixels are compared with the
// committed baseline for the project's theme. A difference fails the story's test.
import { afterEach, expect, inject } from "vitest";
import { page } from "vitest/browser";
import { isCoveredByBaselines, type Theme } from "./baselines.ts";

declare module "vitest" {
  interface ProvidedContext {
    /** The theme the project renders every story in (set per project in vite.config.ts). */
    visualTheme: Theme;
  }
}

/** The part of the story that @storybook/addon-vitest puts on the test context that we read. */
interface ComposedStory {
  id: string;
  globals: Record<string, unknown>;
  parameters: { layout?: string };
}

/**
 * Storybook's `padded` layout (its default) puts 1rem around the story; the test runner's
 * page has none. Emulating it keeps focus rings at the edge inside the picture, and makes
 * the picture match what a designer sees in the workbench.
 */
function captureStyle(layout: string | undefined): string {
  const padding = layout === "fullscreen" ? "0" : "1rem";
  // The test runner's page stretches <body> to the viewport; the picture is the story's own height.
  return `html, body { height: auto !important; min-height: 0 !important; } body { padding: ${padding} !important; }`;
}

afterEach(async (context) => {
  const story = (context as unknown as { story?: ComposedStory }).story;
  // A story that already failed has nothing trustworthy to compare.
  if (!story || (context.task.result?.errors?.length ?? 0) > 0) return;
  if (!isCoveredByBaselines(context.task.file.filepath)) return;
  const theme = inject("visualTheme");
  // A story that pins another theme (`globals: { theme: … }`) is captured by that theme's project.
  if ((story.globals.theme ?? "light") !== theme) return;

  // Bundled fonts are loaded on first use; compare only once every face the story uses is in.
  await document.fonts.ready;
  // Chromium paints only what is inside the viewport: a story taller than it (a long list,
  // the token catalogue) would come out blank below the fold. Grow the viewport to fit,
  // at the same width, so the layout does not change.
  const { innerWidth: width, innerHeight: height } = window;
  const needed = document.documentElement.scrollHeight + 32;
  if (needed > height) await page.viewport(width, needed);
  // `component__story__theme`: Vitest turns "--" in a name into "-", which would blur the parts.
  const name = `${story.id.replace("--", "__")}__${theme}`;
  // Animations are disabled and the caret hidden during capture (vite.config.ts sets
  // Playwright's `animations: "disabled"` and `caret: "hide"`).
  const screenshotOptions = { style: captureStyle(story.parameters.layout) };
  try {
    try {
      await expect.element(document.body).toMatchScreenshot(name, { screenshotOptions });
    } catch (error) {
      // Vitest's comparator leaves no diff image when the size changed (as most token
      // changes do); compare again with ours (tests/visual/compare.ts), which draws one.
      if (!(error instanceof Error && error.message.includes("Expected image dimensions"))) throw error;
      await expect.element(document.body).toMatchScreenshot(name, { screenshotOptions, comparatorName: "any-size" });
    }
  } catch (error) {
    if (error instanceof Error) {
      const message =
        `Visual baseline of story "${story.id}" in the ${theme} theme: ${error.message}\n` +
        "If the change is intended, run `npm run test:visual:update` and commit the new baseline.";
      // Some reporters print the stack (JSON), others the message: both must say it all.
      const frames = (error.stack ?? "").split("\n").filter((line) => line.startsWith("    at "));
      error.stack = [`${error.name}: ${message}`, ...frames].join("\n");
      error.message = message;
    }
    throw error;
  } finally {
    if (needed > height) await page.viewport(width, height);
  }
});

// `npm run docs:screenshots`: the README's and docs/' pictures of the workbench, taken from the real
// static build (`storybook build`) served under a sub-path, as a designer opens it.
// Writes docs/screenshots/*.png; commit them with the change they show.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, resolve } from "node:path";
import type { Page } from "playwright";
import { launchChromium, serveStatic } from "../tests/harness/browser.ts";

const root = resolve(import.meta.dirname, "..");
const outDir = join(root, "docs/screenshots");

interface Shot {
  file: string;
  /** The workbench address after the sub-path: what a designer's link would hold. */
  path: string;
  /** Shown once the page is ready to be captured. */
  ready: (page: Page) => Promise<void>;
}

const storyShown = (selector: string) => (page: Page) =>
  page.frameLocator("#storybook-preview-iframe").locator(selector).first().waitFor({ timeout: 60_000 });

const SHOTS: Shot[] = [
  {
    file: "introduction.png",
    path: "?path=/docs/introduction--docs",
    ready: storyShown("#storybook-docs h2"),
  },
  {
    file: "tokens-dark.png",
    path: "?path=/story/foundations-tokens--dark",
    ready: storyShown('tr[data-token="--shadow-lg"]'),
  },
  {
    file: "button-docs.png",
    path: "?path=/docs/foundations-button--docs",
    ready: storyShown("#storybook-docs .docblock-argstable tbody tr"),
  },
  {
    file: "error-state-dark-accessibility.png",
    path: "?path=/story/foundations-errorstate--long-content&globals=theme:dark&addonPanel=storybook/a11y/panel",
    ready: async (page) => {
      await storyShown("[role=alert]")(page);
      await page.getByText("No accessibility violations found.").waitFor({ timeout: 60_000 });
    },
  },
  {
    file: "contract-overview.png",
    path: "?path=/story/contract-overview--with-operations",
    ready: storyShown("#storybook-root table tbody tr"),
  },
  {
    file: "gallery-story.png",
    path: "?path=/story/workbench-internals-gallery-session--refused-then-expired",
    ready: storyShown('text="Session expired."'),
  },
  {
    file: "mock-data-store.png",
    path: "?path=/story/contract-mock-data--store",
    ready: storyShown("#storybook-root [data-ready='true'] tbody tr"),
  },
  {
    file: "sign-in-wrong-password.png",
    path: "?path=/story/identity-screens--sign-in-wrong-password",
    ready: storyShown("#storybook-root [role=alert]"),
  },
  {
    file: "text-field-rtl-phone.png",
    path: "?path=/story/foundations-textfield--right-to-left&globals=viewport.value:phone",
    ready: storyShown("input"),
  },
];

async function capture(page: Page, url: string, shot: Shot): Promise<void> {
  await page.goto(`${url}${shot.path}`);
  await shot.ready(page);
  // Bundled fonts in the story frame and the workbench's own, then nothing left loading.
  await page
    .frameLocator("#storybook-preview-iframe")
    .locator("body")
    .evaluate(() => document.fonts.ready);
  await page.evaluate(() => document.fonts.ready);
  await page.waitForLoadState("networkidle");
  await page.screenshot({ path: join(outDir, shot.file), animations: "disabled", caret: "hide" });
  console.log(`  ${relative(root, join(outDir, shot.file))}`);
}

const build = mkdtempSync(join(tmpdir(), "docs-screenshots-"));
try {
  const result = spawnSync("storybook", ["build", "--quiet", "-o", build], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) throw new Error("`storybook build` failed; see its output above.");
  const { url, server } = await serveStatic(build, "/workbench/");
  const browser = await launchChromium();
  try {
    mkdirSync(outDir, { recursive: true });
    console.log("Workbench screenshots:");
    for (const shot of SHOTS) {
      // A fresh context per picture: no state carried over from the previous one.
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 });
      await capture(await context.newPage(), url, shot);
      await context.close();
    }
  } finally {
    await browser.close();
    server.close();
  }
} finally {
  rmSync(build, { recursive: true, force: true });
}

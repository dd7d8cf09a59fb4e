// A dev server must leave the scratch copies under .cache/ alone (tooling/dev-watch.ts).
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Frame, Page } from "playwright";
import { expect } from "vitest";
import { makeScratchFolder } from "../../tooling/scratch-folder.ts";

/**
 * Proves that the dev server serving `frame` of `page` from `root` leaves scratch copies alone.
 * `npm test` makes them under .cache/, each with a tsconfig.json, and Vite reloads every page it
 * serves when one appears where it watches (tooling/dev-watch.ts). A tsconfig.json outside
 * .cache/ is the control: it must reload the frame, so that the one inside is known to have been
 * seen and ignored, not merely missed.
 *
 * @example
 * await expectScratchCopiesUnwatched(REPO, page, page.mainFrame());
 */
export async function expectScratchCopiesUnwatched(root: string, page: Page, frame: Frame): Promise<void> {
  const scratch = makeScratchFolder(root, "watch-probe-");
  const control = mkdtempSync(join(root, "tests", ".watch-probe-"));
  const loads: string[] = [];
  const onNavigated = (navigated: Frame) => {
    if (navigated === frame) loads.push(navigated.url());
  };
  page.on("framenavigated", onNavigated);
  try {
    writeFileSync(join(scratch, "tsconfig.json"), "{}\n");
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(loads, "the page reloaded for a tsconfig.json under .cache/").toEqual([]);
    writeFileSync(join(control, "tsconfig.json"), "{}\n");
    await expect.poll(() => loads.length, { timeout: 30_000 }).toBeGreaterThan(0);
  } finally {
    page.off("framenavigated", onNavigated);
    rmSync(scratch, { recursive: true, force: true });
    rmSync(control, { recursive: true, force: true });
  }
}

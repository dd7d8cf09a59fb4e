/**
 * `npm run bench:gallery -- <document> [stories]`: the contract gallery at the scale of a
 * real contract. The project is copied into .cache/ (node_modules hard-linked), the
 * document becomes its contract (never the repository's), `npm run api` runs, then:
 *
 * - index: `storybook index` (Storybook starts, indexes every story, writes index.json),
 *   wall time and peak memory;
 * - dev: `storybook dev` until its index.json answers, then until one gallery story has
 *   rendered in Chromium (the first request also makes Vite transform the preview);
 * - build: `storybook build`, wall time and peak memory (target: under 5 minutes);
 * - render: `stories` gallery stories (default 10, spread over the index) opened one by
 *   one from the static build: time from the story frame's load event until the
 *   response is on screen (target: under 1 s), median and worst.
 *
 * Peak memory is GNU time's maximum resident set of the largest process (Vite's build
 * runs in Storybook's own process). The machine may be shared: run it when it is quiet.
 */
import { readManifest } from "@contract-workbench/workbench/codegen";
import { readFileSync } from "node:fs";
import { extname, join } from "node:path";
import { launchChromium, serveStatic } from "../../tests/harness/browser.ts";
import { startStorybook } from "../../tests/harness/dev-server.ts";
import { makeScratchCopy, removeScratchCopy, WORKBENCH_BIN } from "../../tests/harness/scratch-copy.ts";
import { writeContract } from "../../tests/harness/api-scratch.ts";
import { documentArguments } from "./arguments.ts";
import { measure as measureCommand, median, mib, type Sample } from "./measure.ts";

/** Runs a command in the copy, with its binaries first on PATH and Storybook's telemetry off. */
function measure(cwd: string, command: string, args: string[]): Sample {
  return measureCommand(cwd, command, args, {
    ...process.env,
    STORYBOOK_DISABLE_TELEMETRY: "1",
    PATH: `${join(cwd, "node_modules/.bin")}:${process.env.PATH ?? ""}`,
  });
}

const {
  document: documentPath,
  documentArg,
  count: storiesToRender,
} = documentArguments("bench:gallery", "[stories to render]", 10);

interface RenderTime {
  id: string;
  /** From the frame's load event until the response is on screen. */
  afterLoad: number;
  /** From the story's first paint (its loading state) until the response is on screen: the gallery's own share. */
  afterStart: number;
}

/** Opens each story in a fresh browser context, as a designer's shared link would (no mock worker yet). */
async function renderTimes(baseUrl: string, ids: string[]): Promise<RenderTime[]> {
  const browser = await launchChromium();
  const times: RenderTime[] = [];
  try {
    for (const id of ids) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.addInitScript(() => {
        const marks = window as unknown as { __started?: number; __rendered?: number };
        new MutationObserver(() => {
          if (marks.__started === undefined && document.querySelector(".operation-response")) {
            marks.__started = performance.now();
          }
          if (marks.__rendered === undefined && document.querySelector("[data-verdict]")) {
            marks.__rendered = performance.now();
          }
        }).observe(document, { subtree: true, childList: true });
      });
      // The dev server transforms the preview on its first request, which can take a while.
      await page.goto(`${baseUrl}iframe.html?id=${id}&viewMode=story`, { waitUntil: "load", timeout: 300_000 });
      await page.waitForFunction(() => (window as unknown as { __rendered?: number }).__rendered, null, {
        timeout: 120_000,
      });
      const time = await page.evaluate(() => {
        const marks = window as unknown as { __started: number; __rendered: number };
        const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
        return {
          afterLoad: marks.__rendered - navigation.loadEventEnd,
          afterStart: marks.__rendered - marks.__started,
        };
      });
      times.push({ id, ...time });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return times;
}

const dir = makeScratchCopy("bench-gallery");
try {
  writeContract(dir, {
    [`openapi${extname(documentPath) === ".json" ? ".json" : ".yaml"}`]: readFileSync(documentPath, "utf8"),
  });
  const api = measure(dir, process.execPath, [WORKBENCH_BIN, "api"]);
  const manifest = readManifest(dir);
  const pairs = manifest.operations.reduce((sum, operation) => sum + operation.responses.length, 0);
  console.log(`document: ${documentArg} (${manifest.operations.length} operations, ${pairs} operation×status pairs)`);
  console.log(`npm run api                      ${api.seconds.toFixed(1)} s   peak ${mib(api.peakMiB)}`);

  const indexFile = join(dir, "bench-index.json");
  const index = measure(dir, "storybook", ["index", "--quiet", "-o", indexFile]);
  const entries = Object.values(
    (JSON.parse(readFileSync(indexFile, "utf8")) as { entries: Record<string, { id: string; title: string }> }).entries,
  );
  const gallery = entries.filter((entry) => entry.title.startsWith("Gallery/"));
  console.log(
    `storybook index                  ${index.seconds.toFixed(1)} s   peak ${mib(index.peakMiB)}   ` +
      `(${entries.length} entries, ${gallery.length} in the gallery)`,
  );
  if (gallery.length !== pairs) throw new Error(`the index has ${gallery.length} gallery stories for ${pairs} pairs`);

  const devStart = performance.now();
  const dev = await startStorybook(dir);
  try {
    const served = (performance.now() - devStart) / 1000;
    const [first] = gallery;
    let firstStory = "no gallery story";
    if (first) {
      const [rendered] = await renderTimes(dev.url, [first.id]);
      firstStory = `${((performance.now() - devStart) / 1000).toFixed(1)} s (${(rendered?.afterLoad ?? NaN).toFixed(0)} ms after its frame loaded)`;
    }
    console.log(`storybook dev: index.json served ${served.toFixed(1)} s, first gallery story rendered ${firstStory}`);
  } finally {
    dev.child.kill();
  }

  const out = join(dir, "storybook-static");
  const build = measure(dir, "storybook", ["build", "--quiet", "-o", out]);
  console.log(
    `storybook build                  ${build.seconds.toFixed(1)} s   peak ${mib(build.peakMiB)}   (target < 300 s)`,
  );

  const step = Math.max(1, Math.floor(gallery.length / storiesToRender));
  const chosen = gallery.filter((_, position) => position % step === 0).slice(0, storiesToRender);
  const { url, server } = await serveStatic(out, "/");
  try {
    const times = await renderTimes(
      url,
      chosen.map((entry) => entry.id),
    );
    const worst = times.reduce((a, b) => (b.afterLoad > a.afterLoad ? b : a));
    console.log(
      `story rendered after load        median ${median(times.map((t) => t.afterLoad)).toFixed(0)} ms, ` +
        `worst ${worst.afterLoad.toFixed(0)} ms (${worst.id}) over ${times.length} stories   (target < 1000 ms)`,
    );
    console.log(
      `  of which the story itself      median ${median(times.map((t) => t.afterStart)).toFixed(0)} ms, ` +
        `worst ${Math.max(...times.map((t) => t.afterStart)).toFixed(0)} ms (call, fixture data, view, check)`,
    );
  } finally {
    server.close();
  }
} finally {
  removeScratchCopy(dir);
}

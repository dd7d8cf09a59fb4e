// Opens every entry of a running Storybook (dev server or static build) one after the other in
// one page, so that the preview and the mock Service Worker an earlier story started stay live
// for the later ones. Two ways: through the preview alone (iframe.html, the next entry asked for
// on the preview's channel, as the manager asks it), which is what the stories' own code runs
// in, at a fraction of the cost; or through the manager UI, as a designer clicking down the
// sidebar does, which adds the manager's own re-rendering (most of the page's thread) and is
// kept for a representative set of entries (representativeEntries).
import { availableParallelism } from "node:os";
import type { Browser, Frame, Page } from "playwright";
import { expect } from "vitest";

/** An entry of Storybook's `/index.json`. */
export interface IndexEntry {
  id: string;
  type: "story" | "docs";
  title: string;
  name: string;
  importPath: string;
  /** Storybook's tags: `autodocs` marks a component's generated docs page. */
  tags?: string[];
}

/** Pages whose content comes from the contract: they differ between the two contracts walked. */
const CONTRACT_PAGES = /^(?:Introduction$|Contract\/)/;

/**
 * The entries a walk opens. On the project's contract: every entry, except that the
 * gallery (one story per operation × status, thousands on a large contract, all rendered
 * by one component and each already checked by the `storybook` project's batches) is
 * sampled: the first story of each gallery group. On the gallery's test contract, in a
 * scratch copy: what that contract changes (the contract's pages, the whole gallery, the
 * feature written against it); every other entry is the same file as in the first walk.
 */
export function entriesToOpen(entries: IndexEntry[], contract: "project" | "gallery test"): IndexEntry[] {
  if (contract === "gallery test") {
    return entries.filter(
      (entry) =>
        CONTRACT_PAGES.test(entry.title) || entry.title.startsWith("Gallery/") || entry.importPath.includes("/pets/"),
    );
  }
  const groups = new Set<string>();
  return entries.filter((entry) => {
    if (!entry.title.startsWith("Gallery/")) return true;
    const group = entry.title.split("/").slice(0, 2).join("/");
    if (groups.has(group)) return false;
    groups.add(group);
    return true;
  });
}

/**
 * The entries of the Storybook at `url`, in the sidebar's order.
 *
 * @example
 * const entries = await indexEntries("http://127.0.0.1:6006/");
 */
export async function indexEntries(url: string): Promise<IndexEntry[]> {
  const index = (await (await fetch(`${url}index.json`)).json()) as { entries: Record<string, IndexEntry> };
  return Object.values(index.entries);
}

/** Failures as one line each, for an assertion's message. */
export function formatFailures(failures: EntryFailure[]): string {
  return failures.map(({ entry, problem }) => `${entry}: ${problem}`).join("\n");
}

/**
 * The sidebar's order: a designer's pages first (Introduction, the contract's pages), then
 * the contract's gallery (one story per operation × status, when it has operations), then
 * Foundations and the product, and the workbench's internals last.
 */
export function expectSidebarOrder(entries: IndexEntry[], hasGallery: boolean): void {
  const titles = [...new Set(entries.map((entry) => entry.title))];
  expect(titles.slice(0, 4)).toEqual(["Introduction", "Contract/Overview", "Contract/Gallery", "Contract/Coverage"]);
  const foundations = titles.findIndex((title) => title.startsWith("Foundations/"));
  expect(titles[foundations]).toBe("Foundations/Tokens");
  const galleryTitles = titles.filter((title) => title.startsWith("Gallery/"));
  const contractPages = titles.findLastIndex((title) => title.startsWith("Contract/")) + 1;
  expect(titles.slice(4, contractPages)).toEqual([
    "Contract/Mock data",
    "Contract/Paging",
    "Contract/Recorded answers",
  ]);
  expect(titles.slice(contractPages, foundations)).toEqual(galleryTitles);
  expect(galleryTitles.length > 0).toBe(hasGallery);
  // The internals, together and last.
  const internals = titles.findIndex((title) => title.startsWith("Workbench internals/"));
  expect(internals).toBeGreaterThan(foundations);
  expect(titles.slice(internals).filter((title) => !title.startsWith("Workbench internals/"))).toEqual([]);
  expect(titles.slice(internals)).toEqual(
    expect.arrayContaining(["Workbench internals/CoverageMatrix", "Workbench internals/SchemaView"]),
  );
}

/** What went wrong while an entry was open, named by the entry. */
export interface EntryFailure {
  entry: string;
  problem: string;
}

// The preview's channel events that end an entry's rendering: a story is finished once its
// `afterEach` (where unhandled requests and contract violations fail it) has run.
const DONE_EVENTS = [
  "storyFinished",
  "docsRendered",
  "storyErrored",
  "storyThrewException",
  "storyMissing",
  "playFunctionThrewException",
];

/** Generous: the dev server compiles each module on its first request, on a busy machine. */
export const RENDER_TIMEOUT_MS = Number(process.env.SIDEBAR_RENDER_TIMEOUT_MS ?? 60_000);

/**
 * Chromium's line for an error status other than the unhandled policy's 501, or for the
 * network error an "offline" story answers with (MSW's `HttpResponse.error()` is reported as
 * net::ERR_FAILED; a request that escaped to the real network fails with another code,
 * ERR_NAME_NOT_RESOLVED or ERR_CONNECTION_REFUSED, and still counts).
 */
const DELIBERATE_ERROR_STATUS =
  /^Failed to load resource: (?:the server responded with a status of (?!501\b)\d{3}\b|net::ERR_FAILED$)/;

/**
 * The walk's globals: axe on demand only (the a11y addon's `manual` global), which the
 * manager keeps for every entry opened after. Each story's axe check already runs in both
 * story projects (the gallery's in one theme, batched), on the same story in the same
 * Chromium; the walk is there for what only the dev server shows (modules served one by
 * one, the mock worker an earlier story started). Axe was 12% of the walk's time (184 s
 * against 209 and 211 s for the project's 126 entries, side by side on one server).
 */
const WALK_GLOBALS = "a11y.manual:!true";

/** Storybook's preview waiting 1 s for the manager's state, at a manager's start only (see openEveryEntry). */
export const COLD_START_RACE = /Timed out waiting for leader state for UniversalStore follower/;

declare global {
  interface Window {
    /** The preview channel's events since the last navigation, recorded by the init script. */
    __sidebarEvents?: Array<{ name: string; id?: string; status?: string; detail: string }>;
  }
}

/**
 * Runs in the preview frame: records the channel's end-of-render events from now on,
 * once per document (a reload of the frame starts a new record). False while Storybook
 * has not created its channel yet.
 */
function recordPreviewEvents(events: string[]): boolean {
  if (window.__sidebarEvents) return true;
  const channel = (
    globalThis as { __STORYBOOK_ADDONS_CHANNEL__?: { on(name: string, listener: (payload: unknown) => void): void } }
  ).__STORYBOOK_ADDONS_CHANNEL__;
  if (!channel) return false;
  const record: NonNullable<Window["__sidebarEvents"]> = [];
  window.__sidebarEvents = record;
  for (const name of events) {
    channel.on(name, (payload) => {
      const fields = (typeof payload === "object" && payload !== null ? payload : {}) as Record<string, unknown>;
      (window.__sidebarEvents ?? record).push({
        name,
        id: typeof payload === "string" ? payload : (fields.storyId as string | undefined),
        status: fields.status as string | undefined,
        detail: typeof payload === "string" ? payload : JSON.stringify(payload).slice(0, 2000),
      });
    });
  }
  return true;
}

function label(entry: IndexEntry): string {
  return `${entry.title} › ${entry.name} (${entry.type} ${entry.id})`;
}

/** The manager's path for an entry, as its sidebar links it. */
function managerPath(entry: IndexEntry): string {
  return `/${entry.type === "docs" ? "docs" : "story"}/${entry.id}`;
}

/**
 * How a walk reaches each entry: `preview` loads iframe.html once and asks the preview for each
 * entry on its channel (the message the manager sends when a sidebar link is clicked); `manager`
 * loads the manager UI and follows each entry's sidebar link.
 */
export type WalkVia = "preview" | "manager";

export interface WalkOptions {
  via?: WalkVia;
  /** Called once each entry after the first has been opened and checked. */
  onOpened?: (entry: IndexEntry, milliseconds: number) => void;
}

/**
 * The entries whose kinds the manager UI shows differently, for a walk through it: the first
 * entry of the Introduction and of each Contract page, and the first of every other kind (a component's story, its
 * docs page, a page written in MDX, a gallery story, a screen's story, a workbench story).
 *
 * @example
 * await openEntriesInPages(browser, url, representativeEntries(entries), { via: "manager" });
 */
export function representativeEntries(entries: IndexEntry[]): IndexEntry[] {
  const kindOf = (entry: IndexEntry): string => {
    if (CONTRACT_PAGES.test(entry.title)) return entry.title;
    if (entry.title.startsWith("Gallery/")) return "gallery story";
    const tags = entry.tags ?? [];
    if (entry.type === "docs") return tags.includes("autodocs") ? "autodocs page" : "MDX page";
    const place = entry.importPath.split("/").slice(1, 3).join("/");
    return `story in ${place}`;
  };
  const seen = new Set<string>();
  return entries.filter((entry) => {
    const kind = kindOf(entry);
    if (seen.has(kind)) return false;
    seen.add(kind);
    return true;
  });
}

/**
 * Opens every entry of the Storybook at `url` in one page of `browser`, in the index's
 * order, and returns each console error, page error, failed story and error display,
 * named by the entry that was open.
 *
 * @example
 * const failures = await openEveryEntry(browser, "http://127.0.0.1:6006/", entries);
 * expect(failures).toEqual([]);
 */
export async function openEveryEntry(
  browser: Browser,
  url: string,
  entries: IndexEntry[],
  { via = "preview", onOpened = () => {} }: WalkOptions = {},
): Promise<EntryFailure[]> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const failures: EntryFailure[] = [];
  let current = `(the ${via}, loading)`;
  page.on("console", (message) => {
    // Chromium logs every response of status 400 or more; a story showing an error state asks
    // for one. A request that failed for real fails the story, and the unhandled policy logs its own error.
    if (message.type() === "error" && !DELIBERATE_ERROR_STATUS.test(message.text()))
      failures.push({ entry: current, problem: `console error: ${message.text()}` });
  });
  page.on("pageerror", (error) => failures.push({ entry: current, problem: `page error: ${error.message}` }));
  const frame = () => (via === "manager" ? previewFrame(page) : Promise.resolve(page.mainFrame()));
  try {
    const [first, ...rest] = entries;
    if (!first) return failures;
    // The page opens on the first entry. This first load also makes the dev server compile the
    // preview, which can keep the page's one thread busy past the 1 s Storybook's preview gives
    // the manager to answer (UniversalStoreFollowerTimeoutError, a constant in Storybook's
    // UniversalStore): that race of a manager's start is not counted, here nor at the reload,
    // where a large contract's index (GitHub's: 3,437 gallery stories) keeps the manager as
    // busy. The reload runs with the mock worker the first load registered; from there on
    // nothing reloads, and every error counts.
    current = `${label(first)}, first load`;
    // Its "load" waits for that compile: as long as a render may take, not Playwright's 30 s.
    await page.goto(
      via === "manager"
        ? `${url}?path=${managerPath(first)}&globals=${WALK_GLOBALS}`
        : `${url}iframe.html?id=${first.id}&viewMode=${first.type}&globals=${WALK_GLOBALS}`,
      { timeout: RENDER_TIMEOUT_MS },
    );
    let preview = await frame();
    // Its channel's events went by before they could be recorded: judged by the preview's state.
    const firstLoad: EntryFailure[] = [];
    await checkEntry(preview, first, firstLoad);
    const size = via === "preview" ? await viewportOf(preview, first) : DEFAULT_VIEWPORT;
    if (size.width !== DEFAULT_VIEWPORT.width || size.height !== DEFAULT_VIEWPORT.height) {
      // Opened before its viewport could be known: what it did at the page's size does not
      // count. The reload opens it at its own size, and it is checked again after the others.
      await page.setViewportSize(size);
      const loading = current;
      failures.splice(0, failures.length, ...failures.filter((failure) => failure.entry !== loading));
    } else {
      failures.push(...firstLoad);
    }
    current = label(first);
    await page.reload({ timeout: RENDER_TIMEOUT_MS });
    preview = await frame();
    // The channel's events can be recorded only once the frame has loaded, so the first
    // entry is checked again after the others, reached as they are.
    await preview.waitForFunction(recordPreviewEvents, DONE_EVENTS, { timeout: RENDER_TIMEOUT_MS, polling: 50 });
    for (const entry of [...rest, first]) {
      current = label(entry);
      const start = performance.now();
      if (rest.length === 0) {
        // Alone, the entry is still the one the reload opened: asking for it again renders nothing,
        // and its end can have gone by before the events were recorded (a fast machine's case).
        await checkEntry(preview, entry, failures, { reloaded: true });
        onOpened(entry, performance.now() - start);
        continue;
      }
      await preview.evaluate(() => window.__sidebarEvents?.splice(0));
      if (via === "manager") {
        // The manager's router follows the history, as when a sidebar link is clicked: the
        // manager asks the same preview frame to render the entry, nothing reloads.
        await page.evaluate((path) => {
          // The sidebar as a designer who opens this entry sees it: Storybook keeps every group
          // the walk opened expanded, and re-renders each visible row on every selection. After
          // 40 of GitHub's gallery tags that was 1,010 rows and 10 s per entry; 1 s collapsed.
          (
            window as { __STORYBOOK_ADDONS_CHANNEL__?: { emit(name: string): void } }
          ).__STORYBOOK_ADDONS_CHANNEL__?.emit("storiesCollapseAll");
          history.pushState({}, "", `?path=${path}`);
          dispatchEvent(new PopStateEvent("popstate"));
        }, managerPath(entry));
      } else {
        // The manager's viewport menu sizes the preview frame; alone, the page is the frame.
        await untilLoaded(() =>
          preview.waitForFunction(
            () =>
              (window as { __STORYBOOK_PREVIEW__?: { storyStoreValue?: unknown } }).__STORYBOOK_PREVIEW__
                ?.storyStoreValue !== undefined,
            undefined,
            { timeout: RENDER_TIMEOUT_MS, polling: 50 },
          ),
        );
        await page.setViewportSize(await viewportOf(preview, entry));
        // What the manager sends the preview when a sidebar link is clicked, sent in the preview
        // itself (its channel hears its own messages): the same render, without the manager. The
        // address names the entry first, so that a reload (Vite's, after it optimised a dependency
        // it found late) opens this entry again, as the manager would ask it to.
        await untilLoaded(() =>
          preview.evaluate(
            ({ storyId, viewMode }) => {
              const search = location.search
                .replace(/([?&]id=)[^&]*/, `$1${storyId}`)
                .replace(/([?&]viewMode=)[^&]*/, `$1${viewMode}`);
              history.replaceState(history.state, "", `${location.pathname}${search}`);
              (
                window as { __STORYBOOK_ADDONS_CHANNEL__?: { emit(name: string, payload: unknown): void } }
              ).__STORYBOOK_ADDONS_CHANNEL__?.emit("setCurrentStory", { storyId, viewMode });
            },
            { storyId: entry.id, viewMode: entry.type },
          ),
        );
      }
      await checkEntry(preview, entry, failures);
      onOpened(entry, performance.now() - start);
    }
    // The preview's stores ask for the manager's state only when the preview starts, which
    // the reload was the last time of: the race can have come from there only (its 1 s can
    // end while the first entries are open).
    return failures.filter(({ problem }) => !COLD_START_RACE.test(problem));
  } finally {
    await context.close();
  }
}

/**
 * `openEveryEntry` in `pages` pages at once, each walking a contiguous part of the entries
 * in its own browser context (its own mock worker, its own renderer process). A page and its
 * preview share one renderer thread, so one page keeps one core busy at most; one page per
 * core walks the entries in about half the time on two. Failures are named by entry as in
 * one page.
 *
 * @example
 * const failures = await openEntriesInPages(browser, url, entries, { pages: 2 });
 */
export async function openEntriesInPages(
  browser: Browser,
  url: string,
  entries: IndexEntry[],
  {
    via = "preview",
    pages = Number(process.env.SIDEBAR_PAGES ?? availableParallelism()),
  }: WalkOptions & {
    pages?: number;
  } = {},
): Promise<EntryFailure[]> {
  const count = Math.max(1, Math.min(pages, entries.length));
  const size = Math.ceil(entries.length / count);
  const [first = [], ...others] = Array.from({ length: count }, (_, index) =>
    entries.slice(index * size, (index + 1) * size),
  );
  // The other pages start once the first has loaded and reloaded under its mock worker: a
  // cold dev server compiling the preview and optimising dependencies (which reloads every
  // page it serves) while several pages register their workers lost one page's worker.
  let warm: () => void = () => {};
  const warmed = new Promise<void>((resolve) => (warm = resolve));
  const leading = openEveryEntry(browser, url, first, { via, onOpened: () => warm() }).finally(() => warm());
  const following = warmed.then(() => Promise.all(others.map((part) => openEveryEntry(browser, url, part, { via }))));
  const [own, rest] = await Promise.all([leading, following]);
  return [...own, ...rest.flat()];
}

/** Playwright's page size, which the preview has when no story asks for a viewport. */
const DEFAULT_VIEWPORT = { width: 1280, height: 720 };

/**
 * The size the manager gives the preview frame for an entry: its story's `viewport` global
 * (the toolbar's menu, `globals: { viewport: { value: "phone" } }`) looked up in the
 * viewport options of its parameters, rotated when it says so; the page's own size otherwise.
 */
async function viewportOf(preview: Frame, entry: IndexEntry): Promise<{ width: number; height: number }> {
  if (entry.type !== "story") return DEFAULT_VIEWPORT;
  const size = await untilLoaded(() =>
    preview.evaluate(async (storyId) => {
      interface Viewport {
        styles?: { width?: string; height?: string };
      }
      const store = (
        window as {
          __STORYBOOK_PREVIEW__?: {
            storyStoreValue?: {
              loadStory(options: { storyId: string }): Promise<{
                storyGlobals?: { viewport?: { value?: string; isRotated?: boolean } };
                parameters?: { viewport?: { options?: Record<string, Viewport> } };
              }>;
            };
          };
        }
      ).__STORYBOOK_PREVIEW__?.storyStoreValue;
      const story = await store?.loadStory({ storyId });
      const chosen = story?.storyGlobals?.viewport;
      const styles = chosen?.value ? story?.parameters?.viewport?.options?.[chosen.value]?.styles : undefined;
      const [width, height] = [Number.parseInt(styles?.width ?? ""), Number.parseInt(styles?.height ?? "")];
      if (!Number.isFinite(width) || !Number.isFinite(height)) return null;
      return chosen?.isRotated ? { width: height, height: width } : { width, height };
    }, entry.id),
  );
  return size ?? DEFAULT_VIEWPORT;
}

async function previewFrame(page: Page): Promise<Frame> {
  const element = await page.waitForSelector("#storybook-preview-iframe", { state: "attached" });
  const frame = await element.contentFrame();
  if (!frame) throw new Error("Storybook's manager has no preview frame");
  return frame;
}

/**
 * Runs `step` in the preview frame again when the frame reloaded under it (Vite reloads the
 * page when it has optimised a dependency it found late): a reload is not a failure.
 */
async function untilLoaded<T>(step: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await step();
    } catch (error) {
      const reloaded = error instanceof Error && /context was destroyed|navigat/i.test(error.message);
      if (!reloaded || attempt >= 5) throw error;
    }
  }
}

/**
 * Where the preview frame stands, for a render that did not end: which story it renders and
 * in which of Storybook's phases (loading, beforeEach, rendering, playing…), and whether the
 * mock worker controls the frame. A hang then names the step it hung in.
 */
async function previewState(preview: Frame): Promise<string> {
  return preview
    .evaluate(() => {
      const render = (window as { __STORYBOOK_PREVIEW__?: { currentRender?: { id?: string; phase?: string } } })
        .__STORYBOOK_PREVIEW__?.currentRender;
      const worker = navigator.serviceWorker?.controller
        ? "controlled by the mock worker"
        : "no mock worker in control";
      return `the preview was at ${render?.id ?? "no story"}, phase ${render?.phase ?? "none"}, ${worker}`;
    })
    .catch(
      (error: unknown) =>
        `the preview could not be read: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`,
    );
}

/**
 * Waits for the entry's end-of-render event; records a failed story, an error event or Storybook's error display.
 * `reloaded`: the entry is the one a reload opened, so without its event it is judged by the preview's state.
 */
async function checkEntry(
  preview: Frame,
  entry: IndexEntry,
  failures: EntryFailure[],
  { reloaded = false } = {},
): Promise<void> {
  const name = label(entry);
  const event = await untilLoaded(() =>
    preview
      .waitForFunction(
        ({ id, type, reloaded }) => {
          const events = window.__sidebarEvents;
          if (events) {
            const found = events.find(
              (event) =>
                (type === "story" && event.name === "storyFinished" && event.id === id) ||
                (type === "docs" && event.name === "docsRendered" && event.id === id) ||
                !["storyFinished", "docsRendered"].includes(event.name),
            );
            if (found !== undefined || !reloaded) return found;
          }
          // No record (the first load, or a reload when Vite optimised a new dependency): judge
          // by the preview's state (a failure still shows in the console and the error display).
          const preview = (window as { __STORYBOOK_PREVIEW__?: { currentRender?: { id?: string; phase?: string } } })
            .__STORYBOOK_PREVIEW__;
          const render = preview?.currentRender;
          if (render?.id !== id) return undefined;
          const finished =
            type === "story"
              ? render.phase === "finished"
              : (document.querySelector("#storybook-docs")?.childElementCount ?? 0) > 0;
          return finished ? { name: "reloaded", status: "success", detail: "" } : undefined;
        },
        { id: entry.id, type: entry.type, reloaded },
        { timeout: RENDER_TIMEOUT_MS, polling: 50 },
      )
      .then((handle) => handle.jsonValue() as Promise<{ name: string; status?: string; detail: string }>),
  ).catch(async (error: unknown) => {
    // Playwright's TimeoutError is the entry's own slowness; anything else (a frame that
    // detached, a sixth reload) is named as it is, not blamed on the time.
    const timedOut = error instanceof Error && error.name === "TimeoutError";
    const problem = timedOut
      ? `did not finish rendering within ${RENDER_TIMEOUT_MS / 1000} s (${await previewState(preview)})`
      : `could not be watched to the end of its render: ${error instanceof Error ? (error.message.split("\n")[0] ?? "") : String(error)}`;
    failures.push({ entry: name, problem });
    return undefined;
  });
  // After a reload, record again for the next entries.
  await untilLoaded(() =>
    preview.waitForFunction(recordPreviewEvents, DONE_EVENTS, { timeout: RENDER_TIMEOUT_MS, polling: 50 }),
  );
  if (!event) return;
  // A story can render again right after it finished (a decorator remounting it once the
  // toolbar's globals arrive): wait until its latest render has settled for a moment, so the
  // next entry never cuts a play function short (whose failure would be blamed on the next one).
  if (entry.type === "story") {
    const settled = await untilLoaded(() =>
      preview
        .waitForFunction(
          (id) => {
            const render = (window as { __STORYBOOK_PREVIEW__?: { currentRender?: { id?: string; phase?: string } } })
              .__STORYBOOK_PREVIEW__?.currentRender;
            const idle = render?.id === id && ["finished", "errored", "aborted"].includes(render.phase ?? "");
            const state = window as { __sidebarIdle?: number };
            state.__sidebarIdle = idle ? (state.__sidebarIdle ?? 0) + 1 : 0;
            return state.__sidebarIdle >= 3;
          },
          entry.id,
          { timeout: RENDER_TIMEOUT_MS, polling: 50 },
        )
        .then(() => true),
    ).catch(() => false);
    await preview.evaluate(() => delete (window as { __sidebarIdle?: number }).__sidebarIdle).catch(() => undefined);
    if (!settled) failures.push({ entry: name, problem: `kept rendering for ${RENDER_TIMEOUT_MS / 1000} s` });
  }
  if (event.name === "storyFinished" && event.status !== "success") {
    failures.push({ entry: name, problem: `the story failed: ${event.detail}` });
  } else if (!["storyFinished", "docsRendered", "reloaded"].includes(event.name)) {
    failures.push({ entry: name, problem: `${event.name}: ${event.detail}` });
  }
  const shown = await untilLoaded(() =>
    preview.evaluate(() =>
      document.body.classList.contains("sb-show-errordisplay")
        ? (document.querySelector(".sb-errordisplay")?.textContent ?? "")
        : undefined,
    ),
  );
  if (shown !== undefined) {
    const text = shown;
    failures.push({ entry: name, problem: `Storybook shows its error display: ${text.trim().slice(0, 500)}` });
  }
}

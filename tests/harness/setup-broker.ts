// The shared setups' broker: a server on loopback, in Vitest's main process, that makes each
// shared thing (a setup's scratch copy, its static Storybook, its dev servers, one Chromium, the
// workspace packages' tarballs) the first time a test file asks for it and hands the same one to
// every file after, then stops them all when the run ends. Lazy, so that a run of one file, or one shard of four, makes only
// what its files use. The test files ask through tests/harness/shared.ts.
import type { Server } from "node:http";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { chromium, type BrowserServer } from "playwright";
import { serveStatic } from "./browser.ts";
import { CHROMIUM_ARGS, findChromium, MISSING_CHROMIUM } from "./chromium.ts";
import { startDevServer, startStorybook } from "./dev-server.ts";
import { removeScratchCopy, REPO, runAsync } from "./scratch-copy.ts";
import { prepareSetup, SETUP_NAMES, STATIC_SUB_PATH, type PreparedSetup, type SetupName } from "./setups.ts";
import { CACHE_FOLDER } from "../../tooling/scratch-folder.ts";

/** What a test file can ask for, and what it gets back (JSON). */
export interface SharedKinds {
  /** A setup's folder (a scratch copy, or the repository) and its `npm run api` output. */
  copy: PreparedSetup;
  /** Its static Storybook (`npm run build-storybook`), served under STATIC_SUB_PATH. */
  static: { dir: string; url: string };
  /** `npm start` (Storybook's dev server) on it. */
  storybook: { url: string };
  /** `npm run dev` (Vite's dev server) on it, with its default environment. */
  dev: { url: string };
}
export type SharedKind = keyof SharedKinds;
const KINDS: SharedKind[] = ["copy", "static", "storybook", "dev"];

/** A running broker: its address (token included) and how to stop everything it made. */
export interface Broker {
  url: string;
  stop: () => Promise<void>;
}

/**
 * Starts the broker on 127.0.0.1 and a random port; its paths carry a random token, so that
 * nothing else on the machine can make it build. Nothing is made before it is asked for.
 *
 * @example
 * const broker = await startBroker();
 * project.provide("sharedSetups", broker.url);
 */
export async function startBroker(): Promise<Broker> {
  const token = randomBytes(16).toString("hex");
  const made = new Map<string, Promise<unknown>>();
  const disposers: Array<() => Promise<void> | void> = [];

  /** Each thing at most once: later asks wait for the first one's result (or its failure). */
  function once<T>(key: string, make: () => Promise<T>): Promise<T> {
    let promise = made.get(key) as Promise<T> | undefined;
    if (!promise) {
      promise = make();
      made.set(key, promise);
    }
    return promise;
  }

  const copy = (name: SetupName): Promise<PreparedSetup> =>
    once(`copy/${name}`, async () => {
      if (name === "repo") return { dir: REPO, api: null };
      const prepared = await prepareSetup(name);
      disposers.push(() => removeScratchCopy(prepared.dir));
      return prepared;
    });

  /** A setup whose `npm run api` failed has nothing to build or serve: say why, once. */
  const usable = async (name: SetupName): Promise<string> => {
    const { dir, api } = await copy(name);
    if (api && api.status !== 0)
      throw new Error(`npm run api failed in the ${name} setup:\n${api.stdout}${api.stderr}`);
    return dir;
  };

  const build = {
    copy,
    static: (name: SetupName) =>
      once(`static/${name}`, async () => {
        const dir = await usable(name);
        // The repository's own build goes to a scratch folder, not to its storybook-static/.
        const out =
          name === "repo" ? mkdtempSync(join(REPO, CACHE_FOLDER, "shared-static-")) : join(dir, "storybook-static");
        const result =
          name === "repo"
            ? await runAsync(dir, "storybook", ["build", "--quiet", "-o", out])
            : await runAsync(dir, "npm", ["run", "--silent", "build-storybook", "--", "--quiet"]);
        if (name === "repo") disposers.push(() => rmSync(out, { recursive: true, force: true }));
        if (result.status !== 0)
          throw new Error(`The static Storybook of the ${name} setup did not build:\n${result.stderr}`);
        const served = await serveStatic(out, STATIC_SUB_PATH);
        disposers.push(
          () =>
            new Promise<void>((resolve) => {
              served.server.close(() => resolve());
              // A browser's kept-alive connections would hold the close open.
              served.server.closeAllConnections();
            }),
        );
        return { dir: out, url: served.url };
      }),
    storybook: (name: SetupName) =>
      once(`storybook/${name}`, async () => {
        const server = await startStorybook(await usable(name));
        disposers.push(() => void server.child.kill());
        return { url: server.url };
      }),
    dev: (name: SetupName) =>
      once(`dev/${name}`, async () => {
        const server = await startDevServer(await usable(name));
        disposers.push(() => void server.child.kill());
        return { url: server.url };
      }),
  } satisfies { [K in SharedKind]: (name: SetupName) => Promise<SharedKinds[K]> };

  const browser = (): Promise<{ wsEndpoint: string }> =>
    once("chromium", async () => {
      const executablePath = findChromium();
      if (!executablePath) throw new Error(MISSING_CHROMIUM);
      const server: BrowserServer = await chromium.launchServer({
        executablePath,
        args: CHROMIUM_ARGS,
        headless: true,
      });
      disposers.push(() => server.close());
      return { wsEndpoint: server.wsEndpoint() };
    });

  /** The workspace packages as tarballs (`npm run pack:packages`), packed once for every adopting app of the run. */
  const packages = (): Promise<object> =>
    once("packages", async () => {
      const packed = await runAsync(REPO, "npm", ["run", "--silent", "pack:packages"]);
      if (packed.status !== 0) throw new Error(`npm run pack:packages failed:\n${packed.stdout}${packed.stderr}`);
      return {};
    });

  const server: Server = createServer((request, response) => {
    const [, given, kind, name] = (request.url ?? "").split("/");
    const answer = (status: number, body: unknown) =>
      response.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(body));
    if (given !== token || request.method !== "POST") return answer(404, { error: "not found" });
    let result: Promise<unknown>;
    if (kind === "chromium" && name === undefined) result = browser();
    else if (kind === "packages" && name === undefined) result = packages();
    else if (KINDS.includes(kind as SharedKind) && SETUP_NAMES.includes(name as SetupName))
      result = build[kind as SharedKind](name as SetupName);
    else
      return answer(404, {
        error: `No shared ${kind ?? "thing"} ${name ?? ""}: the kinds are ${KINDS.join(", ")}, chromium and packages; the setups ${SETUP_NAMES.join(", ")}.`,
      });
    result.then(
      (value) => answer(200, value),
      (error: unknown) => answer(500, { error: error instanceof Error ? error.message : String(error) }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/${token}/`,
    stop: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      // What is still being made is waited for, so that nothing outlives the run.
      await Promise.allSettled(made.values());
      for (const dispose of disposers.reverse()) await dispose();
    },
  };
}

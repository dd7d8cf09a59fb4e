// `npm run dev` runs the app with no server: the fixtures answer through MSW, and
// a request no fixture covers is refused with a 501 naming it. VITE_API_MOCK=0 turns
// mocking off so the app talks to a real server.
import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import { join } from "node:path";
import { stripVTControlCharacters } from "node:util";
import type { Browser } from "playwright";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium } from "./e2e/browser.ts";
import { REPO } from "./e2e/scratch-copy.ts";

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (typeof address !== "object" || address === null) throw new Error("no port");
  return address.port;
}

/** Starts `vite` (what `npm run dev` runs) and resolves with its URL once it listens. */
async function startDevServer(env: Record<string, string>): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  // As a developer's shell would run it: not under Vitest's NODE_ENV=test.
  const childEnv = { ...process.env, ...env };
  delete childEnv.NODE_ENV;
  delete childEnv.VITEST;
  const child = spawn(
    join(REPO, "node_modules/.bin/vite"),
    ["--port", String(port), "--strictPort", "--host", "127.0.0.1"],
    {
      cwd: REPO,
      env: childEnv,
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let output = "";
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`vite did not start:\n${output}`)), 60_000);
    const listen = (chunk: Buffer) => {
      output += stripVTControlCharacters(chunk.toString());
      if (output.includes(`127.0.0.1:${port}`)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on("data", listen);
    child.stderr?.on("data", listen);
    child.on("exit", (code) => reject(new Error(`vite exited with ${code}:\n${output}`)));
  });
  return { url: `http://127.0.0.1:${port}/`, child };
}

describe("npm run dev", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser.close();
  });

  async function openApp(env: Record<string, string>) {
    const { url, child } = await startDevServer(env);
    const page = await browser.newPage();
    await page.goto(url);
    await page.getByRole("heading", { name: "Contract status" }).waitFor();
    const probe = await page.evaluate(async () => {
      const response = await fetch("/api/probe-no-fixture-covers-this");
      return { status: response.status, body: await response.text() };
    });
    const worker = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null);
    await page.close();
    child.kill();
    return { url, probe, worker };
  }

  it("answers from the fixtures through MSW by default, refusing what no fixture covers", async () => {
    const { url, probe, worker } = await openApp({});
    expect(worker).toBe(`${url}mockServiceWorker.js`);
    expect(probe.status).toBe(501);
    expect(probe.body).toContain(`No handler for GET ${url}api/probe-no-fixture-covers-this`);
  });

  it("does not mock with VITE_API_MOCK=0", async () => {
    const { probe, worker } = await openApp({ VITE_API_MOCK: "0" });
    expect(worker).toBeNull();
    expect(probe.status).not.toBe(501);
  });
});

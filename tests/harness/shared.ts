// What an end-to-end test file uses of the shared setups (tests/harness/setups.ts): one scratch
// copy per setup, its static Storybook, its dev servers, one Chromium and the packages' tarballs
// for the whole run, made by the `e2e` project's broker the first time any file asks
// (tests/setup/shared-setups.ts).
// They are shared: read them, never change them (a test that edits a contract or a token makes a
// copy of its own with makeScratchCopy). docs/scripts.md, "Writing a new end-to-end test".
import { request } from "node:http";
import { chromium, type Browser } from "playwright";
import { inject } from "vitest";
import type { SharedKind, SharedKinds } from "./setup-broker.ts";
import type { SetupName } from "./setups.ts";

export type { SetupName } from "./setups.ts";
export { STATIC_SUB_PATH } from "./setups.ts";

/** Asks the broker, and waits as long as it takes to make the thing (minutes, on a loaded machine). */
function ask<T>(path: string): Promise<T> {
  const base = inject("sharedSetups") as string | undefined;
  if (!base) {
    return Promise.reject(
      new Error("No shared setups in this run: run the file in the e2e project (its name ends in .e2e.test.ts)."),
    );
  }
  return new Promise((resolve, reject) => {
    const call = request(`${base}${path}`, { method: "POST" }, (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (body += chunk));
      response.on("end", () => {
        try {
          const parsed = JSON.parse(body) as T & { error?: string };
          if (response.statusCode === 200) resolve(parsed);
          else reject(new Error(`Shared ${path}: ${parsed.error ?? body}`));
        } catch {
          reject(new Error(`Shared ${path}: the broker answered ${response.statusCode ?? "?"} ${body.slice(0, 200)}`));
        }
      });
    });
    call.on("error", reject);
    call.end();
  });
}

/**
 * A shared thing of a setup: `copy` (its folder and `npm run api` output), `static` (its static
 * Storybook served under STATIC_SUB_PATH), `storybook` (`npm start`) or `dev` (`npm run dev`).
 *
 * @example
 * const { dir, api } = await shared("copy", "example");
 * const { url } = await shared("storybook", "repo");
 */
export function shared<K extends SharedKind>(kind: K, setup: SetupName): Promise<SharedKinds[K]> {
  return ask(`${kind}/${setup}`);
}

/**
 * The run's one Chromium, connected for this file. `close()` ends this file's connection
 * (and the contexts it opened), not the browser.
 *
 * @example
 * const browser = await sharedChromium();
 */
export async function sharedChromium(): Promise<Browser> {
  const { wsEndpoint } = await ask<{ wsEndpoint: string }>("chromium");
  return chromium.connect(wsEndpoint);
}

/**
 * The workspace packages packed as tarballs in `.cache/packages/` (`npm run pack:packages`), once
 * a run for every file that installs them; resolves when they are there.
 *
 * @example
 * await sharedPackages();
 * installInApp(app.dir, [packedTarball("packages/runtime")]);
 */
export async function sharedPackages(): Promise<void> {
  await ask<object>("packages");
}

import { existsSync } from "node:fs";

/** The flags this project starts Chromium with: headless, offline, no background chatter. */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

/**
 * The system Chromium the browser tests drive: `CHROMIUM_PATH` when set, else
 * Debian's `/usr/bin/chromium`. Playwright's own browser downloads are never used.
 */
export function findChromium(): string | undefined {
  const candidates = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"];
  return candidates.find((path): path is string => Boolean(path) && existsSync(path as string));
}

export const MISSING_CHROMIUM =
  "No Chromium found for the browser tests. Install Debian's chromium (`apt-get install -y chromium`, " +
  "or `source .ci/provision.sh`), or set CHROMIUM_PATH to a Chromium or Chrome binary.";

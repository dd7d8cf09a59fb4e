import { findChromium, MISSING_CHROMIUM } from "../harness/chromium.ts";

/** Vitest globalSetup for the browser projects: fail first, with a message that says what to do. */
export default function requireChromium(): void {
  if (!findChromium()) throw new Error(MISSING_CHROMIUM);
}

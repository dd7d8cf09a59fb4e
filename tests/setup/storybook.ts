// Setup for every story run as a test in Chromium: a story that logs an error fails.
// (Unhandled requests and accessibility violations fail the story through the
// preview's own hooks, so they fail in the Storybook UI too.)
import { afterEach, beforeEach } from "vitest";

const original = console.error;
let logged: string[] = [];

beforeEach(() => {
  logged = [];
  console.error = (...args: unknown[]) => {
    logged.push(args.map((arg) => (arg instanceof Error ? (arg.stack ?? arg.message) : String(arg))).join(" "));
    original(...args);
  };
});

afterEach(() => {
  console.error = original;
  if (logged.length > 0) throw new Error(`The story logged ${logged.length} console error(s):\n${logged.join("\n")}`);
});

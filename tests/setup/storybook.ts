// Setup for every story run as a test in Chromium: a story that logs an error fails.
// (Unhandled requests and accessibility violations fail the story through the
// preview's own hooks, so they fail in the Storybook UI too.)
import { afterEach, beforeEach } from "vitest";
import { GALLERY_TAG } from "@contract-workbench/workbench/gallery";
import { recordContractCoverage } from "@contract-workbench/workbench/coverage";
import { serviceFixtures } from "#mocks/generated/service-fixtures.ts";

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

// What each hand-written story exercised, for `npm run coverage:contract`. The gallery's
// stories call every operation by construction, which says nothing about the screens.
// The services' documents (the registry's services) are counted in sections of their own.
recordContractCoverage({
  ignore: (context) => (context as { story?: { tags: string[] } }).story?.tags.includes(GALLERY_TAG) ?? false,
  services: serviceFixtures,
});

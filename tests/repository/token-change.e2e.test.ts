// The promise of the visual baselines, end to end in a scratch copy: changing one token's
// value fails the visual test with a diff image at the path the failure names, and
// `npm run test:visual:update` makes it pass again.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeScratchCopy, removeScratchCopy, run } from "../harness/scratch-copy.ts";
import { BASELINE_DIR } from "../visual/baselines.ts";

interface JsonReport {
  testResults: Array<{ assertionResults: Array<{ title: string; status: string; failureMessages: string[] }> }>;
}

const STORIES = "src/components/button.stories.tsx";
const PRIMARY = join(BASELINE_DIR, "chromium-linux", "foundations-button__primary__light.png");

describe("a token change and the visual baselines", () => {
  let dir = "";
  let original: Buffer;

  beforeAll(() => {
    dir = makeScratchCopy("visual-token");
    original = readFileSync(join(dir, PRIMARY));
    const tokens = join(dir, "src/styles/tokens.css");
    const css = readFileSync(tokens, "utf8");
    const changed = css.replace("--color-primary: #1d4ed8;", "--color-primary: #7c3aed;");
    expect(changed).not.toBe(css);
    writeFileSync(tokens, changed);
  });
  afterAll(() => removeScratchCopy(dir));

  /** The button stories in the light project, as `npm test` runs them, with a JSON report. */
  function runStories(): { status: number | null; results: Map<string, { status: string; message: string }> } {
    const report = join(dir, "report.json");
    const result = run(dir, "vitest", [
      "run",
      "--project",
      "storybook",
      STORIES,
      "--reporter=json",
      `--outputFile=${report}`,
    ]);
    const { testResults } = JSON.parse(readFileSync(report, "utf8")) as JsonReport;
    const results = new Map(
      testResults
        .flatMap((file) => file.assertionResults)
        .map((test) => [test.title, { status: test.status, message: test.failureMessages.join("\n") }]),
    );
    return { status: result.status, results };
  }

  it("fails the stories that use the token, naming the expected, actual and diff images", () => {
    const { status, results } = runStories();
    expect(status).toBe(1);
    const primary = results.get("Primary");
    expect(primary?.status).toBe("failed");
    // eslint-disable-next-line no-control-regex -- the terminal colours Vitest puts in the message
    const message = primary?.message.replace(/\u001b\[[0-9;]*m/g, "") ?? "";
    expect(message).toContain('Visual baseline of story "foundations-button--primary" in the light theme');
    expect(message).toMatch(/\d+ pixels \(ratio [\d.]+\) differ/);
    const paths = /Reference screenshot:\s+(\S+)[\s\S]*Actual screenshot:\s+(\S+)[\s\S]*Diff image:\s+(\S+)/.exec(
      message,
    );
    expect(paths, message).not.toBeNull();
    const [, expected, actual, diff] = paths!;
    expect(expected).toBe(join(dir, PRIMARY));
    for (const image of [expected, actual, diff]) {
      expect(existsSync(image!), image).toBe(true);
      expect(readFileSync(image!).subarray(1, 4).toString()).toBe("PNG");
    }
    // A story that does not use the token is untouched.
    expect(results.get("Secondary")?.status).toBe("passed");
  }, 240_000); // a Vitest run in a fresh copy, as below

  it("passes again after `npm run test:visual:update`", () => {
    // The light theme only: the dark baselines of these stories are another project's run.
    const update = run(dir, "npm", ["run", "--silent", "test:visual:update", "--", "--project", "storybook", STORIES]);
    expect(update.status, update.stdout + update.stderr).toBe(0);
    expect(readFileSync(join(dir, PRIMARY)).equals(original)).toBe(false);
    const { status, results } = runStories();
    expect(status).toBe(0);
    expect(results.get("Primary")?.status).toBe("passed");
  }, 240_000); // two Vitest runs in a fresh copy (a cold dependency cache), on two cores
});

// `npm run test:visual:update [-- [--project storybook-dark] story files…]`: re-captures
// the visual baselines after an intended change, in every theme unless a project is named.
// With no argument it refreshes all of them and also removes the baselines of stories that
// no longer exist (renamed or deleted), which Vitest's `--update` alone would leave behind.
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, readdirSync, renameSync, rmSync } from "node:fs";
import { makeScratchFolder } from "../../tooling/scratch-folder.ts";
import { join, relative, resolve } from "node:path";
import { BASELINE_DIR, storyProject, THEMES } from "./baselines.ts";

const root = resolve(import.meta.dirname, "../..");
const baselines = join(root, BASELINE_DIR);
// Story files to refresh, and optionally `--project <name>` to refresh one theme only.
const args = process.argv.slice(2);
const partial = args.length > 0;
const projects = args.includes("--project") ? [] : THEMES.flatMap((theme) => ["--project", storyProject(theme)]);

function list(dir: string): string[] {
  return existsSync(dir)
    ? readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".png"))
    : [];
}

// A full refresh starts from nothing, so whatever is not captured again is obsolete.
// The old set is kept aside until the run is over, to restore what a failing story did not re-capture.
let previous: string | undefined;
if (!partial && existsSync(baselines)) {
  previous = join(makeScratchFolder(root, "visual-previous-"), "baselines");
  renameSync(baselines, previous);
}

// `--update` last: it takes an optional value (`new`, `all`, `none`), so a story file after
// it would be read as that value and every story re-captured.
const run = spawnSync("vitest", ["run", ...projects, ...args, "--update"], { cwd: root, stdio: "inherit" });
if (run.error) console.error(`Could not start Vitest: ${run.error.message}`);
const passed = run.status === 0;

if (previous) {
  const captured = new Set(list(baselines));
  for (const file of list(previous).filter((f) => !captured.has(f))) {
    if (passed) {
      console.log(`Removed the baseline of a story that no longer exists: ${join(BASELINE_DIR, file)}`);
    } else {
      cpSync(join(previous, file), join(baselines, file));
    }
  }
  rmSync(resolve(previous, ".."), { recursive: true, force: true });
}

if (passed) {
  console.log(`\nBaselines are in ${relative(process.cwd(), baselines) || "."}/: review them (git diff) and commit.`);
} else {
  console.error("\nSome stories failed, so their baselines were not updated; see the failures above.");
}
process.exit(run.status ?? 1);

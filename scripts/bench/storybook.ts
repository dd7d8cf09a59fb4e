/**
 * `npm run bench:storybook`: wall time of the static Storybook build
 * (`storybook build`), median of several runs, telemetry off.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";

const root = resolve(import.meta.dirname, "../..");
const runs = Number(process.argv[2] ?? 3);
const times: number[] = [];
mkdirSync(join(root, ".cache"), { recursive: true });
for (let i = 0; i < runs; i++) {
  const out = mkdtempSync(join(root, ".cache", "bench-storybook-"));
  const start = performance.now();
  const result = spawnSync(join(root, "node_modules/.bin/storybook"), ["build", "--quiet", "-o", out], {
    cwd: root,
    encoding: "utf8",
    env: { ...process.env, STORYBOOK_DISABLE_TELEMETRY: "1" },
  });
  times.push((performance.now() - start) / 1000);
  rmSync(out, { recursive: true, force: true });
  if (result.status !== 0) {
    console.error(result.stdout, result.stderr);
    process.exit(1);
  }
}
times.sort((a, b) => a - b);
console.log(
  `storybook build: median ${times[Math.floor(times.length / 2)]?.toFixed(2)} s over ${runs} runs (${times.map((t) => t.toFixed(2)).join(", ")})`,
);

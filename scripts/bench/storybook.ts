/**
 * `npm run bench:storybook`: wall time of the static Storybook build
 * (`storybook build`), median of several runs, telemetry off.
 */
import { rmSync } from "node:fs";
import { makeScratchFolder } from "../../tooling/scratch-folder.ts";
import { join, resolve } from "node:path";
import { measure, median } from "./measure.ts";

const root = resolve(import.meta.dirname, "../..");
const runs = Number(process.argv[2] ?? 3);
const times: number[] = [];
for (let i = 0; i < runs; i++) {
  const out = makeScratchFolder(root, "bench-storybook-");
  try {
    const { seconds } = measure(root, join(root, "node_modules/.bin/storybook"), ["build", "--quiet", "-o", out], {
      ...process.env,
      STORYBOOK_DISABLE_TELEMETRY: "1",
    });
    times.push(seconds);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}
console.log(
  `storybook build: median ${median(times).toFixed(2)} s over ${runs} runs (${times.map((t) => t.toFixed(2)).join(", ")})`,
);

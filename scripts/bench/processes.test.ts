import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import { kindOf, sampleProcesses } from "./processes.ts";

describe("bench:test --by-process", () => {
  it("names a process by what it runs", () => {
    expect(kindOf("/usr/lib/chromium/chromium --type=renderer --no-sandbox")).toBe("Chromium renderer");
    expect(kindOf("/usr/lib/chromium/chromium --headless --no-sandbox")).toBe("Chromium browser");
    expect(kindOf("node /repo/node_modules/vitest/dist/workers/forks.js")).toBe("Vitest workers");
    expect(kindOf("node /repo/.cache/gallery-x/node_modules/.bin/vitest run")).toBe("Vitest in a scratch copy");
    expect(kindOf("node /repo/node_modules/.bin/storybook dev -p 6006")).toBe("Storybook (dev server, build)");
    expect(kindOf("node /repo/node_modules/.bin/vite --port 5173")).toBe("Vite (dev server, build)");
    expect(kindOf("/usr/bin/node node_modules/.bin/contract-workbench api --check")).toBe("npm run api");
    expect(kindOf("/bin/sleep 1")).toBe("/bin/sleep");
  });

  it.runIf(process.platform === "linux")("counts the processor time of a process started meanwhile", async () => {
    const sampling = sampleProcesses();
    // 1.5 s of the processor in a process of its own, named by its command line: at most the last
    // half second (between two samples) goes unseen.
    await new Promise<void>((done) => {
      spawn(process.execPath, ["-e", "while (process.cpuUsage().user < 1.5e6);", "storybook"]).on("close", () =>
        done(),
      );
    });
    const byKind = sampling.stop();
    expect(byKind.get("Storybook (dev server, build)")).toBeGreaterThan(0.5);
  });
});

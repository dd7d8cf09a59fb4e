import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import { once } from "node:events";
import { afterEach, describe, expect, it } from "vitest";
import { LOCK_FILE, withRegenerationLock } from "./regeneration-lock.ts";

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});
function project(): string {
  const root = mkdtempSync(join(tmpdir(), "lock-"));
  roots.push(root);
  return root;
}
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("withRegenerationLock", () => {
  it("runs one regeneration at a time, and the one that waits hears whom it waits for", async () => {
    const root = project();
    const events: string[] = [];
    const waits: number[] = [];
    const task = (name: string) => async () => {
      events.push(`${name} starts`);
      await pause(150);
      events.push(`${name} ends`);
      return name;
    };
    const results = await Promise.all([
      withRegenerationLock(root, task("first")),
      withRegenerationLock(root, task("second"), (pid) => waits.push(pid)),
    ]);
    expect(results).toEqual(["first", "second"]);
    expect(events).toEqual(["first starts", "first ends", "second starts", "second ends"]);
    expect(waits).toEqual([process.pid]);
    expect(existsSync(join(root, LOCK_FILE))).toBe(false);
  });

  it("waits for another process that holds it", async () => {
    const root = project();
    const module = join(import.meta.dirname, "regeneration-lock.ts");
    const holder = spawn(
      process.execPath,
      [
        "--input-type=module",
        "-e",
        `const { withRegenerationLock } = await import(${JSON.stringify(module)});
         await withRegenerationLock(${JSON.stringify(root)}, async () => {
           console.log("held");
           await new Promise((resolve) => setTimeout(resolve, 400));
           (await import("node:fs")).writeFileSync(${JSON.stringify(join(root, "done"))}, "");
         });`,
      ],
      { stdio: ["ignore", "pipe", "inherit"] },
    );
    const exited = once(holder, "exit");
    await once(holder.stdout, "data");
    const waits: number[] = [];
    const ran = await withRegenerationLock(
      root,
      () => Promise.resolve(existsSync(join(root, "done"))),
      (pid) => waits.push(pid),
    );
    expect(waits).toEqual([holder.pid]);
    expect(ran).toBe(true); // the holder's work had finished when this one's began
    await exited;
  });

  it("takes over a lock whose process has died, and releases it when the work throws", async () => {
    const root = project();
    const dead = spawnSync(process.execPath, ["-e", ""]).pid;
    mkdirSync(join(root, ".cache/api"), { recursive: true });
    writeFileSync(join(root, LOCK_FILE), JSON.stringify({ pid: dead, host: hostname(), root, token: "left" }));
    const waits: number[] = [];
    await expect(
      withRegenerationLock(
        root,
        () => Promise.reject(new Error("the contract is broken")),
        (pid) => waits.push(pid),
      ),
    ).rejects.toThrow("the contract is broken");
    expect(waits).toEqual([]);
    expect(existsSync(join(root, LOCK_FILE))).toBe(false);
  });

  it("takes over a lock copied with the project's folder, whose holder is alive but locks the original", async () => {
    const root = project();
    mkdirSync(join(root, ".cache/api"), { recursive: true });
    const original = { pid: process.pid, host: hostname(), root: join(root, "..", "original"), token: "copied" };
    writeFileSync(join(root, LOCK_FILE), JSON.stringify(original));
    const waits: number[] = [];
    expect(
      await withRegenerationLock(
        root,
        () => Promise.resolve("ran"),
        (pid) => waits.push(pid),
      ),
    ).toBe("ran");
    expect(waits).toEqual([]);
  });
});

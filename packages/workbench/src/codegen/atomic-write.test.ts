import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { writeAllOrNothing } from "./atomic-write.ts";

describe("writeAllOrNothing", () => {
  const dirs: string[] = [];
  const scratch = () => {
    const dir = mkdtempSync(join(tmpdir(), "atomic-"));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it("writes every file and leaves no temporary file", async () => {
    const dir = scratch();
    await writeAllOrNothing(
      new Map([
        [join(dir, "a.txt"), "A"],
        [join(dir, "sub/b.txt"), "B"],
      ]),
    );
    expect(readFileSync(join(dir, "a.txt"), "utf8")).toBe("A");
    expect(readFileSync(join(dir, "sub/b.txt"), "utf8")).toBe("B");
    expect(readdirSync(dir).filter((name) => name.endsWith(".tmp"))).toEqual([]);
  });

  it("changes nothing when one file cannot be written", async () => {
    const dir = scratch();
    writeFileSync(join(dir, "a.txt"), "old A");
    mkdirSync(join(dir, "blocked"));
    writeFileSync(join(dir, "blocked", "file"), ""); // "blocked/file/b.txt" cannot be created
    await expect(
      writeAllOrNothing(
        new Map([
          [join(dir, "a.txt"), "new A"],
          [join(dir, "blocked/file/b.txt"), "B"],
        ]),
      ),
    ).rejects.toThrow();
    expect(readFileSync(join(dir, "a.txt"), "utf8")).toBe("old A");
    expect(readdirSync(dir).filter((name) => name.endsWith(".tmp"))).toEqual([]);
  });

  it("puts back what it renamed when a later rename fails", async () => {
    const dir = scratch();
    writeFileSync(join(dir, "a.txt"), "old A");
    mkdirSync(join(dir, "b.txt")); // a non-empty folder where a file should go: the rename fails
    writeFileSync(join(dir, "b.txt", "keep"), "");
    chmodSync(join(dir, "b.txt"), 0o755);
    await expect(
      writeAllOrNothing(
        new Map([
          [join(dir, "a.txt"), "new A"],
          [join(dir, "b.txt"), "B"],
        ]),
      ),
    ).rejects.toThrow();
    expect(readFileSync(join(dir, "a.txt"), "utf8")).toBe("old A");
    expect(readdirSync(dir).filter((name) => name.endsWith(".tmp"))).toEqual([]);
  });
});

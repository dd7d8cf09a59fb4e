import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { packageModule } from "./package-module.ts";

const root = mkdtempSync(join(tmpdir(), "package-module-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function folder(name: string, files: string[]): string {
  mkdirSync(join(root, name));
  for (const file of files) writeFileSync(join(root, name, file), "export {};\n");
  return pathToFileURL(join(root, name, "caller.js")).href;
}

describe("packageModule", () => {
  it("finds the source in the workspace and the compiled file once installed", () => {
    const workspace = folder("src", ["worker.ts", "page.tsx"]);
    expect(packageModule("./worker", workspace)).toBe(join(root, "src", "worker.ts"));
    expect(packageModule("./page", workspace)).toBe(join(root, "src", "page.tsx"));
    const installed = folder("dist", ["worker.js", "worker.d.ts", "page.js"]);
    expect(packageModule("./worker", installed)).toBe(join(root, "dist", "worker.js"));
    expect(packageModule("./page", installed)).toBe(join(root, "dist", "page.js"));
  });
});

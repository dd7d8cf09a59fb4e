// What the MCP resources read: only a contract's own YAML and JSON files, links resolved; a long
// text in parts cut at line ends, which put together are the text.
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { makeScratchFolder } from "../../../../tooling/scratch-folder.ts";
import type { NamedContract } from "../contract/registry.ts";
import { contractFile, PART_CHARS, textPart } from "./resources.ts";

const REPO = resolve(import.meta.dirname, "../../../..");

describe("a contract's files", () => {
  const root = makeScratchFolder(REPO, "mcp-resources-");
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  mkdirSync(join(root, "contracts/shop/paths"), { recursive: true });
  writeFileSync(join(root, "contracts/shop/openapi.yaml"), "openapi: 3.1.0\n");
  writeFileSync(join(root, "contracts/shop/paths/orders.yaml"), "get: {}\n");
  writeFileSync(join(root, "secret.json"), '{"token":"s3cret"}\n');
  symlinkSync(join(root, "secret.json"), join(root, "contracts/shop/paths/linked.json"));
  const shop: NamedContract = {
    name: "shop",
    role: "test",
    source: "contracts/shop",
    generated: "contracts/shop/generated",
    fixtures: "contracts/shop/generated/fixtures.ts",
  };

  it("reads a file of the contract's folder by its path there", () => {
    expect(contractFile(root, shop, "paths/orders.yaml")).toBe("contracts/shop/paths/orders.yaml");
  });

  it.each([
    "../../secret.json",
    "paths/../../../secret.json",
    "/etc/hostname.json",
    "paths/linked.json",
    "missing.yaml",
  ])("refuses %s, naming the argument", (path) => {
    expect(() => contractFile(root, shop, path)).toThrow(/^path: .* is not a file of the shop contract/);
  });
});

describe("a long text in parts", () => {
  const line = `${"x".repeat(99)}\n`;
  const text = line.repeat(Math.ceil((PART_CHARS * 2.5) / line.length));

  it("cuts at line ends, and the parts make the text", () => {
    const first = textPart(text, 1);
    expect(first.parts).toBe(3);
    const parts = [1, 2, 3].map((part) => textPart(text, part).text);
    expect(parts.every((part) => part.endsWith("\n") && part.length <= PART_CHARS)).toBe(true);
    expect(parts.join("")).toBe(text);
  });

  it("names the parts there are when asked for another", () => {
    expect(() => textPart(text, 4)).toThrow("part: 4 is not a part of this text; it has parts 1 to 3.");
    expect(() => textPart("short", 0)).toThrow("part: 0 is not a part of this text; it has parts 1 to 1.");
  });
});

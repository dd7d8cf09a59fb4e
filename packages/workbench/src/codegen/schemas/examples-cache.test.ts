import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ExamplesChecked } from "./example-checks.ts";
import { checkedOnce } from "./examples-cache.ts";

const roots: string[] = [];
afterEach(() => roots.splice(0).forEach((root) => rmSync(root, { recursive: true, force: true })));
const project = () => {
  const root = mkdtempSync(join(tmpdir(), "examples-cache-"));
  roots.push(root);
  return root;
};

const sites = [{ contract: "/operations/getPet/responses/200/content/application~1json", count: 2 }];
const verdict: ExamplesChecked = {
  broken: [{ site: 0, index: 1, at: "/name must be string" }],
  checked: 2,
  unchecked: 0,
};

describe("checkedOnce", () => {
  it("checks once, then answers the same inputs from the cache", async () => {
    const root = project();
    const check = vi.fn(() => Promise.resolve(verdict));
    expect(await checkedOnce(root, "openapi/openapi.yaml", '{"a":1}', sites, check)).toEqual(verdict);
    expect(await checkedOnce(root, "openapi/openapi.yaml", '{"a":1}', sites, check)).toEqual(verdict);
    expect(check).toHaveBeenCalledTimes(1);
    expect(readdirSync(join(root, ".cache/api/examples"))).toHaveLength(1);
  });

  it("checks again when contract.json or the sites changed", async () => {
    const root = project();
    const check = vi.fn(() => Promise.resolve(verdict));
    await checkedOnce(root, "openapi/openapi.yaml", '{"a":1}', sites, check);
    await checkedOnce(root, "openapi/openapi.yaml", '{"a":2}', sites, check);
    await checkedOnce(root, "openapi/openapi.yaml", '{"a":2}', [{ ...sites[0]!, count: 3 }], check);
    expect(check).toHaveBeenCalledTimes(3);
  });

  it("keeps no verdict that left examples unchecked, and reads past a damaged cache", async () => {
    const root = project();
    const partial = vi.fn(() => Promise.resolve({ ...verdict, checked: 1, unchecked: 1 }));
    await checkedOnce(root, "openapi/openapi.yaml", "{}", sites, partial);
    await checkedOnce(root, "openapi/openapi.yaml", "{}", sites, partial);
    expect(partial).toHaveBeenCalledTimes(2);

    const check = vi.fn(() => Promise.resolve(verdict));
    await checkedOnce(root, "openapi/openapi.yaml", "{}", sites, check);
    const [kept = ""] = readdirSync(join(root, ".cache/api/examples"));
    writeFileSync(join(root, ".cache/api/examples", kept), "{ not json");
    expect(await checkedOnce(root, "openapi/openapi.yaml", "{}", sites, check)).toEqual(verdict);
    expect(check).toHaveBeenCalledTimes(2);
  });
});

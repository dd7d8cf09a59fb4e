import { existsSync } from "node:fs";
import { join } from "node:path";
import type { Indexer } from "storybook/internal/types";
import type { Plugin } from "vite";
import { describe, expect, it } from "vitest";
import { experimental_indexers, PRODUCT_MODULE, productBinding, stories, viteFinal } from "./storybook.ts";

describe("the Storybook preset", () => {
  it("brings the package's own pages, files that exist beside it", () => {
    expect(stories.map((file) => file.split(/[\\/]/).slice(-2).join("/"))).toEqual([
      "gallery/gallery.page.stories.tsx",
      "coverage/contract-coverage.page.mdx",
    ]);
    for (const file of stories) expect(existsSync(file)).toBe(true);
  });

  it("puts the gallery's indexer before Storybook's own, which it reads the front page with", () => {
    const csf: Indexer = { test: /\.stories\.tsx$/, createIndex: () => Promise.resolve([]) };
    const [gallery, ...rest] = experimental_indexers([csf]);
    expect(rest).toEqual([csf]);
    expect(gallery?.test.test(stories[0]!)).toBe(true);
    expect(
      gallery?.test.test("/app/node_modules/@contract-workbench/workbench/dist/gallery/gallery.page.stories.js"),
    ).toBe(true);
  });

  it("adds the gallery's and coverage page's plugins and resolves the binding: .storybook/product.ts unless told", () => {
    const config = viteFinal({ plugins: [] }, { configDir: "/app/.storybook" });
    expect((config.plugins as Plugin[]).map((plugin) => plugin.name)).toEqual([
      "contract-gallery",
      "contract-coverage-page",
    ]);
    expect(config.resolve?.alias).toEqual({ [PRODUCT_MODULE]: join("/app/.storybook", "product.ts") });
    expect(productBinding({ configDir: "/app/.storybook", product: "src/lends.ts" }, "/app")).toBe("/app/src/lends.ts");
    expect(productBinding({ configDir: "/app/.storybook", product: "/elsewhere/lends.ts" }, "/app")).toBe(
      "/elsewhere/lends.ts",
    );
  });
});

import { existsSync } from "node:fs";
import { isAbsolute, join } from "node:path";
import type { Indexer } from "storybook/internal/types";
import type { Plugin } from "vite";
import { describe, expect, it } from "vitest";
import { GALLERY_STORIES } from "../gallery/contract-gallery.ts";
import { experimental_indexers, PRODUCT_MODULE, productBinding, stories, viteFinal } from "./storybook.ts";

describe("the Storybook preset", () => {
  it("brings the package's own pages after the app's, relative to the config folder, files that exist beside it", () => {
    const configDir = join(process.cwd(), ".storybook");
    const entries = stories(["../src/**/*.stories.tsx"], { configDir });
    expect(entries[0]).toBe("../src/**/*.stories.tsx");
    const pages = entries.slice(1) as string[];
    expect(pages.map((file) => file.split(/[\\/]/).slice(-2).join("/"))).toEqual([
      "gallery/gallery.page.stories.tsx",
      "coverage/contract-coverage.page.mdx",
    ]);
    for (const page of pages) {
      expect(isAbsolute(page)).toBe(false);
      expect(existsSync(join(configDir, page))).toBe(true);
    }
  });

  it("puts the gallery's indexer before Storybook's own, which it reads the front page with", () => {
    const csf: Indexer = { test: /\.stories\.tsx$/, createIndex: () => Promise.resolve([]) };
    const [gallery, ...rest] = experimental_indexers([csf]);
    expect(rest).toEqual([csf]);
    expect(gallery?.test.test(GALLERY_STORIES)).toBe(true);
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

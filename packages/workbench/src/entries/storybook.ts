// A Storybook preset bringing the gallery and Contract/Coverage page; its helpers serve a main.ts wiring them itself.
import { isAbsolute, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { Indexer } from "storybook/internal/types";
import { mergeConfig, type UserConfig } from "vite";
import { contractCoveragePage } from "../coverage/contract-coverage.ts";
import { contractGallery, GALLERY_STORIES, galleryIndexer } from "../gallery/contract-gallery.ts";

export { contractGallery, galleryBatches, galleryIndexer, galleryPairs } from "../gallery/contract-gallery.ts";
export { contractCoveragePage } from "../coverage/contract-coverage.ts";

const PACKAGE = "@contract-workbench/workbench";
/** What the package's browser modules import from their own dependencies (some CommonJS). */
const BROWSER_LIBRARIES = [
  "ajv/dist/2020.js",
  "ajv-formats",
  "ajv-formats/dist/formats.js",
  "json-schema-faker",
  "@faker-js/faker/locale/en",
  "@msw/data",
  "re2js",
];

/** The module name the package's pages import the app's binding from. */
export const PRODUCT_MODULE = "virtual:contract-workbench/product";

/** The addon's options: `{ name: "@contract-workbench/workbench/storybook", options: { product: "…" } }`. */
export interface WorkbenchPresetOptions {
  /** The app's binding, relative to the app's root (where Storybook runs) unless absolute; `.storybook/product.ts` by default. */
  product?: string;
}

interface PresetContext extends WorkbenchPresetOptions {
  configDir: string;
}

/** The pages the package brings: the gallery's front page and the Contract/Coverage page (shipped beside this module). */
const PAGES = [GALLERY_STORIES, fileURLToPath(new URL("../coverage/contract-coverage.page.mdx", import.meta.url))];

/** The package's pages relative to the config folder: Storybook's Vitest plugin reads even an absolute entry so. */
export function stories(entries: unknown[] = [], context: PresetContext): unknown[] {
  return [...entries, ...PAGES.map((page) => relative(context.configDir, page))];
}

/** The gallery's indexer before Storybook's own: it indexes the front page, then one entry per operation × status. */
export function experimental_indexers(existing: Indexer[] | undefined): Indexer[] {
  return [galleryIndexer(existing ?? []), ...(existing ?? [])];
}

export function productBinding(context: PresetContext, root: string = process.cwd()): string {
  if (context.product === undefined) return join(context.configDir, "product.ts");
  return isAbsolute(context.product) ? context.product : resolve(root, context.product);
}

export function viteFinal(config: UserConfig, context: PresetContext): UserConfig {
  const root = process.cwd();
  return mergeConfig(config, {
    plugins: [contractGallery({ root }), contractCoveragePage({ root })],
    resolve: { alias: { [PRODUCT_MODULE]: productBinding(context, root) } },
    // The pages import the app's binding, which a pre-bundle would swallow: served as source, their libraries bundled.
    optimizeDeps: { exclude: [PACKAGE], include: BROWSER_LIBRARIES.map((library) => `${PACKAGE} > ${library}`) },
  });
}

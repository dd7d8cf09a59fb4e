import { defineMain } from "@storybook/react-vite/node";
import { fileURLToPath } from "node:url";
import { mergeConfig } from "vite";
import { contractCoveragePage } from "../workbench/coverage/contract-coverage.ts";
import { ignoreScratchCopies } from "../workbench/codegen/dev-watch.ts";
import { contractGallery, galleryIndexer } from "../workbench/gallery/contract-gallery.ts";

const root = fileURLToPath(new URL("..", import.meta.url));

export default defineMain({
  framework: "@storybook/react-vite",
  // Reviewable pages (introduction, the contract) live in stories/; component
  // stories sit beside their component in src/.
  stories: [
    "../stories/**/*.mdx",
    "../stories/**/*.stories.@(ts|tsx)",
    "../src/**/*.stories.@(ts|tsx)",
    "../workbench/**/*.mdx",
    "../workbench/**/*.stories.@(ts|tsx)",
  ],
  addons: ["@storybook/addon-docs", "@storybook/addon-a11y", "@storybook/addon-vitest"],
  // The mock Service Worker; relative to this folder, so it ships with the static build.
  staticDirs: ["./public"],
  core: { disableTelemetry: true },
  // The workbench is for reading the design and the contract, not for learning to write
  // stories: no onboarding checklist in the sidebar ("Get started", with its progress ring)
  // nor its guide in the settings menu (Storybook 10's StorybookConfig `features`).
  features: { sidebarOnboardingChecklist: false, menuOnboardingChecklist: false },
  // The contract gallery: one story per operation × declared status, indexed from the
  // operation manifest and served as generated modules (workbench/gallery/contract-gallery.ts).
  experimental_indexers: (existing) => [galleryIndexer(existing ?? []), ...(existing ?? [])],
  // The Contract/Coverage page reads the coverage report from `virtual:contract-coverage`.
  // Storybook's dev server sets its own `server` options and drops vite.config.ts's: the
  // scratch copies under .cache/ are left unwatched here too (workbench/codegen/dev-watch.ts).
  viteFinal: (config) =>
    mergeConfig(config, {
      plugins: [contractGallery({ root }), contractCoveragePage({ root })],
      server: { watch: { ignored: [ignoreScratchCopies(root)] } },
    }),
});

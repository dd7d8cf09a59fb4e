import { defineMain } from "@storybook/react-vite/node";
import { fileURLToPath } from "node:url";
import { mergeConfig } from "vite";
import { ignoreScratchCopies } from "../tooling/dev-watch.ts";

const root = fileURLToPath(new URL("..", import.meta.url));

export default defineMain({
  framework: "@storybook/react-vite",
  // Reviewable pages (introduction, the foundations) live in stories/; component stories sit
  // beside their component in src/. The contract's pages and gallery come with the workbench's
  // preset, as in any app that adopts it; the workbench's internal stories are this repository's.
  stories: [
    "../stories/**/*.mdx",
    "../stories/**/*.stories.@(ts|tsx)",
    "../src/**/*.stories.@(ts|tsx)",
    "../packages/workbench/src/**/!(*.page).stories.@(ts|tsx)",
    "../mocks/**/*.stories.@(ts|tsx)",
  ],
  // Storybook's own MCP server for coding agents (stories, docs, story tests), at /mcp of the dev
  // server (docs/agents.md). Only `storybook dev` serves it: in a static build or the Vitest run its
  // preset would only add the components manifest's docgen to the work.
  addons: [
    "@storybook/addon-docs",
    "@storybook/addon-a11y",
    "@storybook/addon-vitest",
    // The contract gallery (one story per operation × declared status) and the Contract pages,
    // rendered through .storybook/product.ts.
    "@contract-workbench/workbench/storybook",
    ...(process.argv.includes("dev") ? ["@storybook/addon-mcp"] : []),
  ],
  // The mock Service Worker; relative to this folder, so it ships with the static build.
  staticDirs: ["./public"],
  core: { disableTelemetry: true },
  // The workbench is for reading the design and the contract, not for learning to write
  // stories: no onboarding checklist in the sidebar ("Get started", with its progress ring)
  // nor its guide in the settings menu (Storybook 10's StorybookConfig `features`).
  features: { sidebarOnboardingChecklist: false, menuOnboardingChecklist: false },
  // Storybook's dev server sets its own `server` options and drops vite.config.ts's: the
  // scratch copies under .cache/ are left unwatched here too (tooling/dev-watch.ts).
  //
  // `build-storybook` builds in Vite's "production" mode unless told otherwise, and the
  // product reads that mode as "the real app, unconfigured": identity and analytics switch
  // off (src/lib/firebase/config.ts), and the identity stories would show the
  // unavailable-service error instead of their states. The static workbench is a build of
  // the workbench, not of the app: it builds in a mode of its own, "storybook", so that it
  // runs the same embedded demo project as the served one (React stays a production build;
  // `.env.storybook` configures it, as Vite's modes do).
  viteFinal: (config, { configType }) =>
    mergeConfig(config, {
      ...(configType === "PRODUCTION" && { mode: "storybook" }),
      server: { watch: { ignored: [ignoreScratchCopies(root)] } },
    }),
});

import { defineMain } from "@storybook/react-vite/node";

export default defineMain({
  framework: "@storybook/react-vite",
  // Reviewable pages (introduction, the contract) live in stories/; component
  // stories sit beside their component in src/.
  stories: ["../stories/**/*.mdx", "../stories/**/*.stories.@(ts|tsx)", "../src/**/*.stories.@(ts|tsx)"],
  addons: ["@storybook/addon-docs", "@storybook/addon-a11y", "@storybook/addon-vitest"],
  // The mock Service Worker; relative to this folder, so it ships with the static build.
  staticDirs: ["./public"],
  core: { disableTelemetry: true },
});

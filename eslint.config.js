// @ts-check
import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import { importX } from "eslint-plugin-import-x";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import storybook from "eslint-plugin-storybook";
import tseslint from "typescript-eslint";

/** Modules that talk to the network or describe it: only src/api (and tests) may import them. */
const NETWORK_MODULES = [
  "openapi-fetch",
  "openapi-react-query",
  "openapi-msw",
  "msw",
  "msw/*",
  "msw-storybook-addon/*",
];

export default tseslint.config(
  {
    ignores: [
      "node_modules/",
      ".tools/",
      "dist/",
      "storybook-static/",
      "coverage/",
      ".cache/",
      ".storybook/public/",
      "src/api/schema.d.ts",
      "tests/**/generated/",
      "src/mocks/**/generated/",
      // Type-checked and run inside a scratch copy whose contract declares what they call.
      "tests/e2e/fixture-app/",
      "tests/gallery-contract/fixture-app/",
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ["eslint.config.js"] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    settings: {
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "tsconfig.json" })],
    },
  },
  importX.flatConfigs.recommended,
  importX.flatConfigs.typescript,
  reactHooks.configs.flat["recommended-latest"],
  jsxA11y.flatConfigs.recommended,
  ...storybook.configs["flat/recommended"],
  {
    rules: {
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_" }],
      "import-x/no-cycle": "error",
      "import-x/no-self-import": "error",
      "import-x/no-useless-path-segments": "error",
      // One-way architecture: app → features → shared (components, api, styles).
      "import-x/no-restricted-paths": [
        "error",
        {
          zones: [
            { target: "./src/features", from: "./src/app", message: "Features must not depend on the app shell." },
            {
              target: ["./src/components", "./src/api", "./src/styles"],
              from: ["./src/app", "./src/features"],
              message: "Shared code must not depend on features or the app shell.",
            },
            {
              target: [
                "./src/app",
                "./src/features",
                "./src/components",
                "./src/styles",
                "./src/main.tsx",
                "./stories",
              ],
              from: "./src/api/schema.d.ts",
              message: "Only src/api imports the generated schema; use the client, hooks and types it exports.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["src/**/*.{ts,tsx}", "stories/**/*.{ts,tsx}"],
    // src/mocks: fixtures for the product's and third-party services' networks (MSW).
    ignores: ["src/api/**", "src/mocks/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: NETWORK_MODULES,
              message: "Only src/api talks to the network: use `api` (hooks) or `apiClient` from @/api.",
            },
          ],
        },
      ],
    },
  },
  {
    // Type tests hold deliberate type errors under @ts-expect-error.
    files: ["**/*.test-d.ts"],
    rules: {
      "@typescript-eslint/no-unsafe-return": "off",
      "@typescript-eslint/no-unsafe-call": "off",
      "@typescript-eslint/no-unsafe-member-access": "off",
    },
  },
  {
    files: ["eslint.config.js"],
    extends: [tseslint.configs.disableTypeChecked],
    rules: { "import-x/no-named-as-default-member": "off" },
  },
  {
    // Config files and scripts run in Node outside the app's module graph.
    files: ["*.{js,ts}", "scripts/**/*.ts", ".storybook/main.ts"],
    rules: { "import-x/no-unresolved": "off" },
  },
);

// @ts-check
import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import { importX } from "eslint-plugin-import-x";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import storybook from "eslint-plugin-storybook";
import tseslint from "typescript-eslint";

/** Libraries that make requests: only the runtime package (the shipped client) imports them. */
const CLIENT_MODULES = ["openapi-fetch", "openapi-react-query"];
/** Libraries that answer requests: only the fixtures (mocks, packages/workbench/src/fixtures) import them. */
const MOCK_MODULES = ["openapi-msw", "msw", "msw/*", "msw-storybook-addon", "msw-storybook-addon/*"];

/** Tests, type tests and stories. */
const TEST_FILES = ["**/*.test.{ts,tsx}", "**/*.test-d.{ts,tsx}", "**/*.stories.{ts,tsx}"];

/** The runtime package: what ships inside the app besides src/ (docs/decisions/0031-the-runtime-package.md). */
const RUNTIME = "./packages/runtime";

/**
 * A package is reached by its name and public entries only (its package.json `exports`), never by
 * a path into its files: the entries are what a published version promises.
 */
const PACKAGE_FILES = {
  group: ["**/packages/*/**", "@contract-workbench/*/src", "@contract-workbench/*/src/**"],
  message:
    "Import a package by its name and public entry (`@contract-workbench/runtime`, `…/manifest`, `…/streams`, `…/paging`, `…/styles`), never a path into its files.",
};

/** What ships: everything under src/ except the fixtures (docs/decisions/0010-two-wings.md). */
const PRODUCT = [
  "./src/app",
  "./src/features",
  "./src/components",
  "./src/lib",
  "./src/api",
  "./src/styles",
  "./src/main.tsx",
];
/** The workbench's capabilities; the app lends its product through `virtual:contract-workbench/product`. */
const WORKBENCH = [
  "./packages/workbench/src/contract",
  "./packages/workbench/src/codegen",
  "./packages/workbench/src/fixtures",
  "./packages/workbench/src/gallery",
  "./packages/workbench/src/coverage",
  "./packages/workbench/src/mock-data",
  "./packages/workbench/src/drift",
  "./packages/workbench/src/mcp",
  "./packages/workbench/src/serve",
];
/** The UI capabilities: Storybook pages built on the product's components through the seam. */
const WORKBENCH_UI = [
  "./packages/workbench/src/gallery",
  "./packages/workbench/src/coverage",
  "./packages/workbench/src/mock-data",
];
/** The fixtures engine's rooms (packages/workbench/src/fixtures/README.md), in the order they may import each other. */
const ROOMS = ["check", "data", "answer", "worker", "resources"].map(
  (room) => `./packages/workbench/src/fixtures/${room}`,
);
/**
 * The generated files: any workbench module may read them. What the workbench shares with the
 * app's client (the manifest's types, paging, the stream formats) it imports from the runtime package.
 */
/** The workbench package: a devDependency of the app, which it reaches only through `virtual:contract-workbench/product`. */
const WORKBENCH_PACKAGE = "./packages/workbench";

/**
 * The map of the repository as import rules (README "Layout", docs/decisions/0010).
 * `forTests`: tests and stories may also reach the fixtures (mocks), which is what they are for.
 * Each zone is proven by tests/repository/lint-zones.e2e.test.ts.
 */
const zones = (forTests = false) => [
  { target: "./src/features", from: "./src/app", message: "Features must not depend on the app shell." },
  {
    target: ["./src/components", "./src/api", "./src/styles", "./src/lib"],
    from: ["./src/app", "./src/features"],
    message: "Shared code must not depend on features or the app shell.",
  },
  { target: "./src/api", from: "./src/components", message: "The network layer must not depend on components." },
  {
    target: "./src/components",
    from: "./src/api",
    message:
      "Components are presentational: they take data and callbacks, never the app's client or hooks (src/api); the error type comes from the runtime package.",
  },
  {
    target: [
      "./src/app",
      "./src/features",
      "./src/components",
      "./src/styles",
      "./src/lib",
      "./src/main.tsx",
      "./stories",
    ],
    from: "./src/api/schema.d.ts",
    message: "Only src/api imports the generated schema; use the client, hooks and types it exports.",
  },
  {
    target: RUNTIME,
    from: [
      "./src",
      "./packages/workbench/src",
      "./scripts",
      "./stories",
      "./.storybook",
      ...(forTests ? [] : ["./mocks", "./tests"]),
    ],
    message:
      "The runtime package ships inside any app: it imports neither this app, its mocks, the workbench, nor the repository's tests and scripts (its tests may use the fixtures and the test contracts).",
  },
  ...(forTests
    ? []
    : [
        {
          target: PRODUCT.filter((path) => path !== "./src/main.tsx"),
          from: ["./mocks", "./packages/workbench/src"],
          message: "Product code ships: it must not import the fixtures (mocks) or the workbench.",
        },
        {
          target: "./src/main.tsx",
          from: ["./mocks", "./packages/workbench/src"],
          except: ["./dev.ts"],
          message:
            "Product code ships: src/main.tsx loads only mocks/dev.ts, dynamically, in its dev-only branch (a production build drops it).",
        },
      ]),
  {
    target: WORKBENCH_PACKAGE,
    from: ["./src", "./mocks"],
    message:
      "The workbench package never imports the app: what it renders of the product it imports from `virtual:contract-workbench/product` (.storybook/product.ts).",
  },
  {
    target: [
      "./packages/workbench/src/contract",
      "./packages/workbench/src/codegen",
      "./packages/workbench/src/fixtures",
    ],
    from: ["./.storybook/product.ts", "./packages/workbench/src/drift", ...WORKBENCH_UI],
    message:
      "The workbench's core (contract, codegen, fixtures) depends neither on the product seam nor on the UI capabilities.",
  },
  {
    target: "./packages/workbench/src/drift",
    from: "./packages/workbench/src/fixtures",
    except: ["./check", "./answer/operation-matcher.ts"],
    message:
      "The drift room checks real exchanges with the fixtures' check room and operation matcher only: no answers, worker or resources.",
  },
  {
    target: "./packages/workbench/src/drift",
    from: ["./packages/workbench/src/codegen", "./.storybook/product.ts", ...WORKBENCH_UI],
    message: "The drift room checks real exchanges: it imports no codegen, product seam or UI capability.",
  },
  {
    target: [...WORKBENCH.filter((room) => room !== "./packages/workbench/src/mcp"), "./.storybook/product.ts"],
    from: "./packages/workbench/src/mcp",
    message: "The MCP room is an entry's (scripts/mcp.ts): no other part of the workbench imports it.",
  },
  {
    target: "./packages/workbench/src/mcp",
    from: ["./.storybook/product.ts", "./packages/workbench/src/mock-data"],
    message:
      "The MCP room answers from the workbench's Node modules: it imports neither the product seam nor a UI capability.",
  },
  {
    target: "./packages/workbench/src/mcp",
    from: "./packages/workbench/src/gallery",
    except: ["./example-places.ts", "./schema-shape.ts"],
    message:
      "The MCP room answers from the workbench's Node modules: from the gallery only what says which values are the contract's examples.",
  },
  {
    target: [...WORKBENCH.filter((room) => room !== "./packages/workbench/src/serve"), "./.storybook/product.ts"],
    from: "./packages/workbench/src/serve",
    message: "The mock server's room is an entry's (scripts/mock.ts): no other part of the workbench imports it.",
  },
  {
    target: "./packages/workbench/src/serve",
    from: ["./.storybook/product.ts", "./packages/workbench/src/codegen", ...WORKBENCH_UI],
    message:
      "The mock server answers from the fixtures engine: it imports neither the product seam, the generator nor a UI capability.",
  },
  {
    target: "./packages/workbench/src/contract",
    from: ["./packages/workbench/src/codegen", "./packages/workbench/src/fixtures", ...WORKBENCH_UI],
    message: "packages/workbench/src/contract is the shared core: it imports no capability.",
  },
  // Tests may cross rooms: they check the composition.
  ...(forTests
    ? []
    : [
        {
          target: ROOMS[0],
          from: ["./packages/workbench/src/fixtures"],
          except: ["./check"],
          message:
            "The fixtures' check room (validator, exchange check) imports no other room: everything else is checked by it.",
        },
        {
          target: ROOMS[1],
          from: ROOMS.slice(2),
          message:
            "The fixtures' data room makes values from schemas: it may use the check room, not answers, the worker or resources.",
        },
      ]),
  {
    target: `${WORKBENCH_PACKAGE}/src`,
    from: ["./tests", "./scripts", "./stories"],
    except: ["./contracts"],
    message: "The workbench does not import tests or scripts (test contracts aside).",
  },
  {
    // The package's own proofs share the repository's test harness with the app's suite.
    target: `${WORKBENCH_PACKAGE}/tests`,
    from: ["./tests", "./scripts", "./stories"],
    except: ["./contracts", "./harness", "./setup"],
    message: "The workbench's tests reach only the shared harness (tests/harness, tests/setup) and the test contracts.",
  },
  {
    target: WORKBENCH_PACKAGE,
    from: "./.storybook",
    except: ["./product.ts"],
    message:
      "The workbench does not import Storybook's config, only the app's binding (`virtual:contract-workbench/product`).",
  },
  {
    target: "./tooling",
    from: ["./src", "./mocks", "./packages/workbench/src", "./tests", "./scripts", "./stories", "./.storybook"],
    message:
      "tooling/ holds what both wings, the tests and the scripts share (scratch folders, dev-watch): it imports none of them.",
  },
  {
    target: "./scripts",
    from: "./tests",
    except: ["./harness"],
    message: "Scripts import only the shared harness (tests/harness) from tests/.",
  },
  {
    target: "./tests",
    from: "./scripts",
    message: "Tests do not import scripts: shared code lives in tests/harness or packages/workbench/src/.",
  },
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
      // Read only by the package's own compile (pack:packages); the repository types the binding through tsconfig's paths.
      "packages/workbench/src/product-binding.d.ts",
      "tests/**/generated/",
      "mocks/**/generated/",
      // Type-checked and run inside a scratch copy whose contract declares what they call.
      "packages/workbench/tests/storybook/fixture-app/",
      "tests/contracts/clinic/fixture-app/",
      "packages/workbench/tests/paging/fixture-app/",
      "packages/workbench/tests/real-contracts/fixture-app/",
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
      // External packages never import this project back: cycles are searched among its own files only.
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      "import-x/no-self-import": "error",
      "import-x/no-useless-path-segments": "error",
      // One import-specifier convention: every project file is imported by its full name, as Node
      // and the browser resolve ES modules (docs/layout.md). Packages are imported by their names.
      "import-x/extensions": ["error", "ignorePackages", { checkTypeImports: true }],
      // One-way architecture: app → features → shared (components, api, styles, lib); the map of the wings.
      "import-x/no-restricted-paths": ["error", { zones: zones() }],
    },
  },
  {
    // What TypeScript's own check (`npm run typecheck`, in `npm test`) already proves of
    // every import, as typescript-eslint's performance guide advises: import-x/namespace
    // alone is a sixth of the lint's rule time (TIMING=1 shows it).
    files: ["**/*.{ts,tsx}"],
    rules: {
      "import-x/namespace": "off",
      "import-x/named": "off",
      "import-x/default": "off",
      "import-x/no-named-as-default-member": "off",
    },
  },
  {
    // Set again, with PACKAGE_FILES, wherever a later block sets this rule for other imports.
    files: ["**/*.{js,ts,tsx}"],
    ignores: ["packages/**"],
    rules: { "no-restricted-imports": ["error", { patterns: [PACKAGE_FILES] }] },
  },
  {
    files: ["src/**/*.{ts,tsx}", "stories/**/*.{ts,tsx}", "packages/workbench/src/**/*.{ts,tsx}"],
    ignores: [
      "mocks/**",
      "packages/workbench/src/fixtures/**",
      // The mock server answers requests with MSW's own getResponse.
      "packages/workbench/src/serve/**",
      ...TEST_FILES,
    ],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            PACKAGE_FILES,
            {
              group: [...CLIENT_MODULES, ...MOCK_MODULES],
              message:
                "Only the client (the runtime package) talks to the network: use `api` (hooks) or `apiClient` from @/api/index.ts. Only the fixtures (mocks, packages/workbench/src/fixtures, packages/workbench/src/serve) answer it.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["packages/runtime/src/**/*.{ts,tsx}"],
    ignores: TEST_FILES,
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: MOCK_MODULES, message: "The shipped client must not import mocking libraries." }] },
      ],
    },
  },
  {
    files: ["mocks/**/*.{ts,tsx}", "packages/workbench/src/fixtures/**/*.{ts,tsx}"],
    ignores: TEST_FILES,
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            PACKAGE_FILES,
            {
              group: CLIENT_MODULES,
              message: "Fixtures answer requests; they do not make them (that is the runtime package's job).",
            },
          ],
        },
      ],
    },
  },
  {
    // Tests and stories may use the fixtures (mocks) as well as the product.
    files: TEST_FILES,
    rules: { "import-x/no-restricted-paths": ["error", { zones: zones(true) }] },
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
    // The MCP SDK's subpath exports ("./*") give each `<path>.js` its types at `<path>.js.d.ts`,
    // which the import resolver looks for and does not find; TypeScript and Node resolve them.
    files: ["**/*.ts"],
    rules: { "import-x/no-unresolved": ["error", { ignore: ["^@modelcontextprotocol/sdk/"] }] },
  },
  {
    // Config files and scripts run in Node outside the app's module graph.
    files: ["*.{js,ts}", "scripts/**/*.ts", ".storybook/main.ts"],
    rules: { "import-x/no-unresolved": "off" },
  },
);

// The import rules that make the map in docs/layout.md true (docs/decisions/0010-two-wings.md),
// each proven by linting a deliberately wrong import in a real file of the zone with the
// repository's own ESLint configuration, and a right one beside it where the line is fine.
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";
import { REPO } from "../harness/scratch-copy.ts";

const eslint = new ESLint({ cwd: REPO });

/** The messages of one rule for `code` linted as if it were the file at `file`. */
async function lint(file: string, code: string, rule: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${REPO}/${file}` });
  return (result?.messages ?? []).filter((message) => message.ruleId === rule).map((message) => message.message);
}

const PATHS = "import-x/no-restricted-paths";
const NETWORK = "no-restricted-imports";

const wrong: Array<[zone: string, file: string, code: string, rule: string, says: string]> = [
  [
    "the app cannot import the fixtures",
    "src/app/app.tsx",
    'import { fixtures } from "#mocks/fixtures.ts";\nexport const x = fixtures;\n',
    PATHS,
    "Product code ships",
  ],
  [
    "product code cannot import the workbench",
    "src/lib/firebase/config.ts",
    'import { GALLERY_TAG } from "@contract-workbench/workbench/gallery";\nexport const x = GALLERY_TAG;\n',
    PATHS,
    "Product code ships",
  ],
  [
    "main.tsx cannot import the fixtures statically",
    "src/main.tsx",
    'import { startMockWorker } from "#mocks/browser.ts";\nexport const x = startMockWorker;\n',
    PATHS,
    "Product code ships",
  ],
  [
    "components cannot import the client or hooks",
    "src/components/button.tsx",
    'import { api } from "@/api/index.ts";\nexport const x = api;\n',
    PATHS,
    "Components are presentational",
  ],
  [
    "the network layer cannot import components",
    "src/api/index.ts",
    'import { Spinner } from "@/components/spinner.tsx";\nexport const x = Spinner;\n',
    PATHS,
    "must not depend on components",
  ],
  [
    "only the client imports a client library",
    "src/api/index.ts",
    'import createClient from "openapi-fetch";\nexport const x = createClient;\n',
    NETWORK,
    "Only the client",
  ],
  [
    "the app imports no network library",
    "src/app/app.tsx",
    'import { http } from "msw";\nexport const x = http;\n',
    NETWORK,
    "Only the client",
  ],
  [
    "the shipped client imports no mocking library",
    "packages/runtime/src/client.ts",
    'import { http } from "msw";\nexport const x = http;\n',
    NETWORK,
    "must not import mocking libraries",
  ],
  [
    "the fixtures make no requests",
    "packages/workbench/src/fixtures/scenarios.ts",
    'import createClient from "openapi-fetch";\nexport const x = createClient;\n',
    NETWORK,
    "Fixtures answer requests",
  ],
  [
    "the workbench package never imports the app's src/",
    "packages/workbench/src/gallery/schema-view.tsx",
    'import { Button } from "@/components/button.tsx";\nexport const x = Button;\n',
    PATHS,
    "never imports the app",
  ],
  [
    "the workbench's core does not reach the seam",
    "packages/workbench/src/codegen/input/contract-error.ts",
    'import { fixtures } from "virtual:contract-workbench/product";\nexport const x = fixtures;\n',
    PATHS,
    "The workbench's core",
  ],
  [
    "the shared contract core imports no capability",
    "packages/workbench/src/contract/contract-types.ts",
    'import { generate } from "../codegen/generate.ts";\nexport const x = generate;\n',
    PATHS,
    "shared core",
  ],
  [
    "the workbench does not import tests",
    "packages/workbench/src/fixtures/check/validator.ts",
    'import { REPO } from "../../../../../tests/harness/scratch-copy.ts";\nexport const x = REPO;\n',
    PATHS,
    "does not import tests",
  ],
  [
    "the fixtures' check room imports no other room",
    "packages/workbench/src/fixtures/check/validator.ts",
    'import { MANY_ITEMS } from "../data/fixture-data";\nexport const x = MANY_ITEMS;\n',
    PATHS,
    "check room",
  ],
  [
    "the fixtures' data room does not import answers",
    "packages/workbench/src/fixtures/data/free-text.ts",
    'import { createAnswers } from "../answer/answers";\nexport const x = createAnswers;\n',
    PATHS,
    "data room",
  ],
  [
    "the mock-data page does not reach the engine's core the other way",
    "packages/workbench/src/fixtures/resources/store.ts",
    'import { StorePanel } from "../../mock-data/store-panel";\nexport const x = StorePanel;\n',
    PATHS,
    "The workbench's core",
  ],
  [
    "the drift room uses the check room, not the fixtures' answers",
    "packages/workbench/src/drift/drift-check.ts",
    'import { createAnswers } from "../fixtures/answer/answers";\nexport const x = createAnswers;\n',
    PATHS,
    "The drift room",
  ],
  [
    "the fixtures engine does not reach the drift room",
    "packages/workbench/src/fixtures/check/exchange-check.ts",
    'import { createDriftReport } from "../../drift/drift-report";\nexport const x = createDriftReport;\n',
    PATHS,
    "The workbench's core",
  ],
  [
    "no other part of the workbench imports the MCP room",
    "packages/workbench/src/fixtures/scenarios.ts",
    'import { createWorkbenchServer } from "../mcp/server.ts";\nexport const x = createWorkbenchServer;\n',
    PATHS,
    "The MCP room is an entry's",
  ],
  [
    "the MCP room does not reach the product seam",
    "packages/workbench/src/mcp/operations.ts",
    'import { fixtures } from "virtual:contract-workbench/product";\nexport const x = fixtures;\n',
    PATHS,
    "neither the product seam",
  ],
  [
    "the MCP room takes no gallery UI",
    "packages/workbench/src/mcp/fixture-answer.ts",
    'import { OperationResponse } from "../gallery/operation-response.tsx";\nexport const x = OperationResponse;\n',
    PATHS,
    "only what says which values",
  ],
  [
    "no other part of the workbench imports the mock server's room",
    "packages/workbench/src/fixtures/scenarios.ts",
    'import { createMockServer } from "../serve/server.ts";\nexport const x = createMockServer;\n',
    PATHS,
    "The mock server's room is an entry's",
  ],
  [
    "the mock server does not reach the product seam",
    "packages/workbench/src/serve/server.ts",
    'import { fixtures } from "virtual:contract-workbench/product";\nexport const x = fixtures;\n',
    PATHS,
    "answers from the fixtures engine",
  ],
  [
    "the workbench's tests reach only the shared harness and the test contracts of tests/",
    "packages/workbench/tests/codegen/watch.e2e.test.ts",
    'import { THEMES } from "../../../../tests/visual/baselines.ts";\nexport const x = THEMES;\n',
    PATHS,
    "reach only the shared harness",
  ],
  [
    "scripts import only the harness from tests",
    "scripts/bench/size.ts",
    'import { THEMES } from "../../tests/visual/baselines.ts";\nexport const x = THEMES;\n',
    PATHS,
    "only the shared harness",
  ],
  [
    "tests do not import scripts",
    "tests/build.e2e.test.ts",
    'import { documentArguments } from "../scripts/bench/arguments.ts";\nexport const x = documentArguments;\n',
    PATHS,
    "Tests do not import scripts",
  ],
  [
    "the workbench package never imports the app's mocks",
    "packages/workbench/src/gallery/gallery-story.tsx",
    'import { fixtures } from "../../../../mocks/fixtures.ts";\nexport const x = fixtures;\n',
    PATHS,
    "never imports the app",
  ],
  [
    "the tooling room imports no wing",
    "tooling/dev-watch.ts",
    'import { manifest } from "@/api/index.ts";\nexport const x = manifest;\n',
    PATHS,
    "tooling/ holds",
  ],
  [
    "nothing reaches into a package's files by path",
    "src/app/app.tsx",
    'import { ApiError } from "../../packages/runtime/src/errors.ts";\nexport const x = ApiError;\n',
    NETWORK,
    "never a path into its files",
  ],
  [
    "nor through the package's name",
    "packages/workbench/src/drift/probe.ts",
    'import { nextPageQuery } from "@contract-workbench/runtime/src/paging.ts";\nexport const x = nextPageQuery;\n',
    NETWORK,
    "never a path into its files",
  ],
  [
    "the runtime package does not import the app",
    "packages/runtime/src/client.ts",
    'import { manifest } from "@/api/index.ts";\nexport const x = manifest;\n',
    PATHS,
    "The runtime package ships inside any app",
  ],
  [
    "the runtime package does not import the app's mocks",
    "packages/runtime/src/query.ts",
    'import { fixtures } from "../../../mocks/fixtures.ts";\nexport const x = fixtures;\n',
    PATHS,
    "The runtime package ships inside any app",
  ],
  [
    "the runtime package does not import the workbench, even in its tests",
    "packages/runtime/src/client.dom.test.tsx",
    'import { GALLERY_TAG } from "../../workbench/src/gallery/gallery-tag.ts";\nexport const x = GALLERY_TAG;\n',
    PATHS,
    "The runtime package ships inside any app",
  ],
  [
    "an import names its file, extension included",
    "src/components/button.tsx",
    'import { manifest } from "@/api/index";\nexport const x = manifest;\n',
    "import-x/extensions",
    'Missing file extension "ts"',
  ],
  [
    "no cycles",
    "src/components/spinner.tsx",
    'import { Button } from "@/components/button.tsx";\nexport const x = Button;\n',
    "import-x/no-cycle",
    "Dependency cycle",
  ],
];

const right: Array<[what: string, file: string, code: string, rule: string]> = [
  [
    "a component may use the error type",
    "src/components/button.tsx",
    'import { ApiError } from "@contract-workbench/runtime";\nexport const x = ApiError;\n',
    PATHS,
  ],
  [
    "the app imports the runtime by its name",
    "src/app/app.tsx",
    'import { createQueryClient } from "@contract-workbench/runtime";\nexport const x = createQueryClient;\n',
    NETWORK,
  ],
  [
    "the runtime's tests may use the fixtures",
    "packages/runtime/src/client.dom.test.tsx",
    'import { server } from "../../../mocks/node.ts";\nexport const x = server;\n',
    PATHS,
  ],
  [
    "a story may use the fixtures",
    "src/components/button.stories.tsx",
    'import { fixtures } from "#mocks/fixtures.ts";\nexport const x = fixtures;\n',
    PATHS,
  ],
  [
    "main.tsx's dev-only branch may load the one dev entry",
    "src/main.tsx",
    'export const x = () => import("#mocks/dev.ts");\n',
    PATHS,
  ],
  [
    "the gallery may import what the app lends it",
    "packages/workbench/src/gallery/gallery-overview.tsx",
    'import { api } from "virtual:contract-workbench/product";\nexport const x = api;\n',
    PATHS,
  ],
  [
    "any workbench module may read the manifest's type, from the runtime's public entry",
    "packages/workbench/src/fixtures/answer/operation-matcher.ts",
    'import type { Manifest } from "@contract-workbench/runtime/manifest";\nexport type X = Manifest;\n',
    NETWORK,
  ],
  [
    "the probe pages a list as the app's hooks do",
    "packages/workbench/src/drift/probe.ts",
    'import { nextPageQuery } from "@contract-workbench/runtime/paging";\nexport const x = nextPageQuery;\n',
    NETWORK,
  ],
  [
    "the data room may use the check room",
    "packages/workbench/src/fixtures/data/fixture-data.ts",
    'import { formatViolation } from "../check/violations";\nexport const x = formatViolation;\n',
    PATHS,
  ],
  [
    "the drift room may use the check room and the operation matcher",
    "packages/workbench/src/drift/drift-check.ts",
    'import { createValidator } from "../fixtures/check/validator";\nimport { createOperationMatcher } from "../fixtures/answer/operation-matcher";\nexport const x = [createValidator, createOperationMatcher];\n',
    PATHS,
  ],
  [
    "the MCP room may say which values are the contract's examples, as the gallery does",
    "packages/workbench/src/mcp/fixture-answer.ts",
    'import { examplePlaces } from "../gallery/example-places.ts";\nexport const x = examplePlaces;\n',
    PATHS,
  ],
  [
    "the mock server may use the fixtures engine",
    "packages/workbench/src/serve/server.ts",
    'import { createFixtures } from "../fixtures/contract-fixtures.ts";\nexport const x = createFixtures;\n',
    PATHS,
  ],
  [
    "the workbench's tests may import the shared harness",
    "packages/workbench/tests/codegen/watch.e2e.test.ts",
    'import { REPO } from "../../../../tests/harness/scratch-copy.ts";\nexport const x = REPO;\n',
    PATHS,
  ],
  [
    "scripts may import the harness",
    "scripts/api.ts",
    'import { REPO } from "../tests/harness/scratch-copy.ts";\nexport const x = REPO;\n',
    PATHS,
  ],
  ["the fixtures may import msw", "mocks/node.ts", 'import { http } from "msw";\nexport const x = http;\n', NETWORK],
];

describe("the lint zones", () => {
  it.each(wrong)("%s", async (_zone, file, code, rule, says) => {
    const messages = await lint(file, code, rule);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain(says);
  });

  it.each(right)("allow: %s", async (_what, file, code, rule) => {
    expect(await lint(file, code, rule)).toEqual([]);
  });
});

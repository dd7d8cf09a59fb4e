// The shared setups of the end-to-end tests: each names a contract (and what a developer would
// have written against it) that several test files read. Vitest's main process makes each at
// most once per run, when a file first asks for it (tests/setup/shared-setups.ts); the files
// reach it through tests/harness/shared.ts. A setup is read, never changed: a test that edits
// the contract, the registry or a token makes a scratch copy of its own.
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import { writeContract } from "./api-scratch.ts";
import { makeScratchCopyAsync, REPO, runAsync, type CommandResult } from "./scratch-copy.ts";

export interface Setup {
  /** The test contract that replaces openapi/ (a file of tests/contracts/). */
  contract: string;
  /** Files of a small app written against it: source in this repository → folder in the copy. */
  app?: { files: string[]; into: string };
  /** A last change to the copy before `npm run api` (a screen rendered beside the app). */
  edit?: (dir: string) => void;
}

/**
 * The setups a test may share. `repo` (the repository itself, its own contract, never copied) is
 * always there besides these.
 */
export const SETUPS = {
  // A filled-in contract and a notes feature written against it (the contract flow, the static build).
  example: {
    contract: "tests/contracts/example/openapi.yaml",
    app: {
      files: ["notes-list.tsx", "notes-list.stories.tsx", "notes-sub-path.stories.tsx"].map(
        (file) => `packages/workbench/tests/storybook/fixture-app/${file}`,
      ),
      into: "src/features/notes",
    },
  },
  // The stateful fixtures' contract, with a screen that lists owners and creates one, rendered beside
  // the app; the streams test contract (OpenAPI 3.2) answers beside it as a service, as a third
  // party's streams would.
  "pet-registry": {
    contract: "tests/contracts/pet-registry/openapi.yaml",
    app: { files: ["packages/workbench/tests/paging/fixture-app/owners-screen.tsx"], into: "src/features/owners" },
    edit: (dir) => {
      const main = join(dir, "src/main.tsx");
      const source = readFileSync(main, "utf8");
      if (!source.includes("<App />"))
        throw new Error("src/main.tsx no longer renders <App />: the setup cannot add a screen beside it.");
      writeFileSync(
        main,
        `import { OwnersScreen } from "@/features/owners/owners-screen.tsx";\n${source.replace("<App />", "<App />\n      <OwnersScreen />")}`,
      );
      const registry = join(dir, "contracts.config.ts");
      const streams = 'streams: {\n    role: "test",';
      if (!readFileSync(registry, "utf8").includes(streams))
        throw new Error("contracts.config.ts no longer registers the streams test contract as the setup expects.");
      writeFileSync(
        registry,
        readFileSync(registry, "utf8").replace(streams, 'streams: {\n    role: "service",\n    gallery: false,'),
      );
    },
  },
} satisfies Record<string, Setup>;

/** A shared setup's name: one of SETUPS, or `repo`. */
export type SetupName = keyof typeof SETUPS | "repo";
export const SETUP_NAMES = ["repo", ...Object.keys(SETUPS)] as SetupName[];

/** Where the shared static builds are served: a sub-path, as a static host serves a deployed build. */
export const STATIC_SUB_PATH = "/some/sub/path/";

/** A prepared setup: its folder and what `npm run api` said there (none for `repo`, which is not regenerated). */
export interface PreparedSetup {
  dir: string;
  api: CommandResult | null;
}

/**
 * Makes the scratch copy of a setup: the repository copied, the contract in place of
 * openapi/, the app's files, then `npm run api` as its developer runs it. A failed
 * `npm run api` is returned, not thrown, so that the test that reads it says so.
 */
export async function prepareSetup(name: keyof typeof SETUPS): Promise<PreparedSetup> {
  const setup: Setup = SETUPS[name];
  const dir = await makeScratchCopyAsync(`shared-${name}`);
  writeContract(dir, { "openapi.yaml": readFileSync(join(REPO, setup.contract), "utf8") });
  if (setup.app) {
    mkdirSync(join(dir, setup.app.into), { recursive: true });
    for (const file of setup.app.files) copyFileSync(join(REPO, file), join(dir, setup.app.into, basename(file)));
  }
  setup.edit?.(dir);
  return { dir, api: await runAsync(dir, "npm", ["run", "--silent", "api"]) };
}

// A team's app made by create-vite takes the workbench as a team would: both packages from their
// tarballs, `npx contract-workbench init`, `npm install`, Petstore as its contract, then
// `npm run api` and its own build (tsc -b, vite build) with the generated client; a second init
// changes nothing.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SHARED_SPECS } from "../../tooling/shared-specs.ts";
import { REPO, run } from "../harness/scratch-copy.ts";
import {
  createViteApp,
  installInApp,
  packedTarball,
  removeScratchApp,
  runAppScript,
  type ScratchApp,
  writeAppFiles,
} from "./scratch-app.ts";

const PETSTORE = join(SHARED_SPECS, "petstore3.yaml");

let app: ScratchApp | undefined;
let firstInit = "";

/** The workbench's bin as the app has it installed: what `npx contract-workbench` runs. */
function workbench(...args: string[]) {
  return run(app!.dir, "npx", ["--no-install", "contract-workbench", ...args]);
}

/** Every file of the app outside node_modules and dist, path → text. */
function appFiles(): Record<string, string> {
  return Object.fromEntries(
    readdirSync(app!.dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && !/\/(node_modules|dist)(\/|$)/.test(entry.parentPath))
      .map((entry) => {
        const file = join(entry.parentPath, entry.name);
        return [file.slice(app!.dir.length + 1), readFileSync(file, "utf8")];
      }),
  );
}

describe.skipIf(!existsSync(PETSTORE))("contract-workbench init in an app made by create-vite", () => {
  beforeAll(() => {
    const packed = run(REPO, "npm", ["run", "--silent", "pack:packages"]);
    expect(packed.status, packed.stderr).toBe(0);
    app = createViteApp("adoption-init-");
    installInApp(app.dir, [packedTarball("packages/workbench"), packedTarball("packages/runtime")]);
    const init = workbench("init");
    expect(init.status, init.stderr).toBe(0);
    firstInit = init.stdout;
    installInApp(app.dir, []);
    writeAppFiles(app.dir, { "openapi/openapi.yaml": readFileSync(PETSTORE, "utf8") });
  });

  afterAll(() => removeScratchApp(app));

  it("says what it adds: the contract, the registry, the runtime's binding, the scripts", () => {
    for (const file of [
      "openapi/openapi.yaml",
      "contracts.config.ts",
      "src/api/index.ts",
      "mocks/fixtures-session.ts",
    ]) {
      expect(firstInit).toContain(`create     ${file}`);
    }
    expect(firstInit).toContain('script "api": contract-workbench api');
    expect(firstInit).toMatch(/dependencies openapi-fetch@\d/);
  });

  it("generates from Petstore with the installed package: types, manifest, fixtures, the worker", () => {
    const output = runAppScript(app!.dir, "api");
    expect(output).toContain("wrote src/api/schema.d.ts");
    const manifest = JSON.parse(readFileSync(join(app!.dir, "src/api/manifest.json"), "utf8")) as {
      operations: Array<{ operationId: string }>;
    };
    expect(manifest.operations.map(({ operationId }) => operationId)).toContain("findPetsByStatus");
    expect(existsSync(join(app!.dir, "mocks/generated/fixtures.ts"))).toBe(true);
    expect(existsSync(join(app!.dir, ".storybook/public/mockServiceWorker.js"))).toBe(true);
    expect(runAppScript(app!.dir, "api:check")).toContain("generated files match the contracts");
  });

  it("passes its own build (tsc -b, vite build) with the contract's typed hooks", () => {
    writeAppFiles(app!.dir, {
      "src/Pets.tsx": `import { api } from "./api/index.ts";

export function Pets() {
  const pets = api.useQuery("get", "/pet/findByStatus", { params: { query: { status: "available" } } });
  const names: string[] = (pets.data ?? []).map((pet) => pet.name);
  return <ul>{names.map((name) => <li key={name}>{name}</li>)}</ul>;
}

// Petstore has no such path: the hooks carry the contract's types, not any.
export function Misspelt() {
  // @ts-expect-error
  return api.useQuery("get", "/pets/findByStatus");
}
`,
    });
    runAppScript(app!.dir, "build");
  });

  it("changes nothing when run again", () => {
    const before = appFiles();
    const again = workbench("init");
    expect(again.status, again.stderr).toBe(0);
    expect(again.stdout).toContain("init: nothing to change");
    expect(appFiles()).toEqual(before);
  });
});

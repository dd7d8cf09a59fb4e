// `contract-workbench init` as a team runs it, in folders made for each case: what it refuses
// (changing nothing), what it writes, that a second run changes nothing, and that a file the
// team wrote is kept unless --force.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { IGNORED, SCRIPTS } from "./plan.ts";

const BIN = join(import.meta.dirname, "..", "main.ts");
const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** A folder holding the given files (path → text; objects are written as package.json-style JSON). */
function app(files: Record<string, string | object>): string {
  const dir = mkdtempSync(join(tmpdir(), "init-"));
  folders.push(dir);
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), typeof content === "string" ? content : `${JSON.stringify(content, null, 2)}\n`);
  }
  return dir;
}

/** A Vite + React + TypeScript app's package.json, as create-vite's react-ts template writes it. */
const VITE_APP = {
  name: "team-app",
  private: true,
  type: "module",
  scripts: { dev: "vite", build: "tsc -b && vite build" },
  dependencies: { react: "^19.2.0", "react-dom": "^19.2.0" },
  devDependencies: { typescript: "~7.0.2", vite: "^8.3.8" },
};

function init(dir: string, ...args: string[]) {
  return spawnSync(process.execPath, [BIN, "init", ...args], { cwd: dir, encoding: "utf8", input: "" });
}

/** Every file under a folder, path → text: what a refused run must leave as it was. */
function snapshot(dir: string): Record<string, string> {
  return Object.fromEntries(
    readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => {
        const file = join(entry.parentPath, entry.name);
        return [file.slice(dir.length + 1), readFileSync(file, "utf8")];
      }),
  );
}

describe("contract-workbench init refuses, in one line, changing nothing", () => {
  const cases: Array<[string, Record<string, string | object>, string]> = [
    ["no package.json", { "index.html": "<!doctype html>" }, "no package.json in"],
    [
      "no Vite",
      { "package.json": { ...VITE_APP, devDependencies: { typescript: "~7.0.2" } } },
      "no Vite in package.json",
    ],
    ["no React", { "package.json": { ...VITE_APP, dependencies: {} } }, "no React in package.json"],
    ["no TypeScript", { "package.json": { ...VITE_APP, devDependencies: { vite: "^8.3.8" } } }, "no TypeScript"],
    [
      "a Storybook older than 10",
      { "package.json": { ...VITE_APP, devDependencies: { ...VITE_APP.devDependencies, storybook: "^8.6.0" } } },
      "Storybook ^8.6.0 is older than 10",
    ],
    ["a package.json that is not JSON", { "package.json": "{ name: " }, "package.json is not valid JSON"],
  ];

  it.each(cases)("%s", (_, files, says) => {
    const dir = app(files);
    const before = snapshot(dir);
    const result = init(dir, "--yes");
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`init: ${says}`);
    expect(result.stderr.trim().split("\n")).toHaveLength(1);
    expect(snapshot(dir)).toEqual(before);
  });

  it("a Git tree with uncommitted changes", () => {
    const dir = app({ "package.json": VITE_APP });
    const git = (...args: string[]) => spawnSync("git", args, { cwd: dir, encoding: "utf8" });
    git("init", "-q");
    writeFileSync(join(dir, "notes.txt"), "not committed\n");
    const before = snapshot(dir);
    const result = init(dir, "--yes");
    expect([result.status, result.stderr]).toEqual([
      1,
      expect.stringContaining("init: the Git tree has uncommitted changes"),
    ]);
    expect(snapshot(dir)).toEqual(before);
  });

  it("an option it does not know", () => {
    const dir = app({ "package.json": VITE_APP });
    const result = init(dir, "--all");
    expect([result.status, result.stderr]).toEqual([
      1,
      "init: unknown option --all; usage: contract-workbench init [--yes] [--force]\n",
    ]);
  });
});

describe("contract-workbench init in a Vite + React + TypeScript app", () => {
  it("says what it changes, writes it without asking when no terminal is attached, and changes nothing the second time", () => {
    const dir = app({ "package.json": VITE_APP });
    const first = init(dir);
    expect(first.status, first.stderr).toBe(0);
    for (const file of [
      "openapi/openapi.yaml",
      "contracts.config.ts",
      "src/api/index.ts",
      "mocks/fixtures-session.ts",
    ]) {
      expect(first.stdout).toContain(`create     ${file}`);
      expect(existsSync(join(dir, file))).toBe(true);
    }
    const pkg = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as typeof VITE_APP &
      Record<string, unknown>;
    expect(pkg.scripts).toEqual({
      ...VITE_APP.scripts,
      ...SCRIPTS,
      storybook: "storybook dev -p 6006",
      "build-storybook": "storybook build",
      test: "contract-workbench test",
    });
    // No Storybook yet: Storybook 10 with the workbench's preset, what its preview imports, and the
    // test setup that runs the stories in Chromium as `npm test`.
    for (const file of [
      ".storybook/main.ts",
      ".storybook/preview.tsx",
      ".storybook/product.ts",
      ".storybook/vitest.setup.ts",
      "vitest.config.ts",
    ]) {
      expect(first.stdout).toContain(`create     ${file}`);
    }
    expect(readFileSync(join(dir, ".storybook/main.ts"), "utf8")).toContain(
      '"@contract-workbench/workbench/storybook"',
    );
    expect(pkg.devDependencies).toMatchObject({
      storybook: "10.6.7",
      vitest: "5.1.1",
      "@storybook/addon-vitest": "10.6.7",
    });
    expect(Object.keys(pkg.devDependencies)).toContain("msw");
    expect(pkg.imports).toEqual({ "#mocks/*": "./mocks/*" });
    expect(pkg.dependencies).toMatchObject({ "@contract-workbench/runtime": "0.1.0" });
    expect(Object.keys(pkg.dependencies)).toContain("openapi-fetch");
    // The team's own versions are left alone.
    expect(pkg.dependencies.react).toBe("^19.2.0");

    const after = snapshot(dir);
    const second = init(dir);
    expect(second.status, second.stderr).toBe(0);
    expect(second.stdout).toContain("init: nothing to change");
    expect(snapshot(dir)).toEqual(after);
  });

  it("keeps what the workbench writes for one checkout out of Git: the entries .gitignore lacks, appended once", () => {
    const team = "node_modules\ndist\n/coverage\nstorybook-static/\n";
    const dir = app({ "package.json": VITE_APP, ".gitignore": team });
    const first = init(dir, "--yes");
    expect(first.status, first.stderr).toBe(0);
    expect(first.stdout).toContain("update     .gitignore");
    expect(readFileSync(join(dir, ".gitignore"), "utf8")).toBe(
      `${team}\n# contract-workbench and Storybook: this checkout's own\n.cache/\n*storybook.log\n`,
    );
    const second = init(dir, "--yes");
    expect(second.stdout).toContain("init: nothing to change");
    expect(second.stdout).not.toContain(".gitignore");

    const none = app({ "package.json": VITE_APP });
    expect(init(none, "--yes").stdout).toContain("create     .gitignore");
    expect(readFileSync(join(none, ".gitignore"), "utf8").split("\n")).toEqual(
      expect.arrayContaining(IGNORED as unknown as string[]),
    );
  });

  it("keeps a file and a script the team wrote unless --force", () => {
    const mine = "// our own binding\nexport {};\n";
    const dir = app({
      "package.json": { ...VITE_APP, scripts: { ...VITE_APP.scripts, api: "our-generator" } },
      "src/api/index.ts": mine,
    });
    const kept = init(dir, "--yes");
    expect(kept.status, kept.stderr).toBe(0);
    expect(kept.stdout).toContain("keep       src/api/index.ts (yours; --force overwrites it)");
    expect(kept.stdout).toContain('keep script "api" (yours: our-generator');
    expect(readFileSync(join(dir, "src/api/index.ts"), "utf8")).toBe(mine);

    const forced = init(dir, "--yes", "--force");
    expect(forced.status, forced.stderr).toBe(0);
    expect(forced.stdout).toContain("overwrite  src/api/index.ts");
    expect(readFileSync(join(dir, "src/api/index.ts"), "utf8")).toContain("createApiHooks");
    expect((JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as typeof VITE_APP).scripts).toMatchObject({
      api: "contract-workbench api",
    });
  });

  it("in an app with Storybook 10, adds only the binding the preset renders through, and says to list the preset", () => {
    const main = 'export default { framework: "@storybook/react-vite", stories: ["../src/**/*.stories.tsx"] };\n';
    const dir = app({
      "package.json": { ...VITE_APP, devDependencies: { ...VITE_APP.devDependencies, storybook: "^10.6.7" } },
      ".storybook/main.ts": main,
    });
    const result = init(dir, "--yes");
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toContain("create     .storybook/product.ts");
    expect(result.stdout).not.toContain(".storybook/preview.tsx");
    expect(result.stdout).toContain(
      'init: add "@contract-workbench/workbench/storybook" to `addons` in .storybook/main.ts',
    );
    expect(readFileSync(join(dir, ".storybook/main.ts"), "utf8")).toBe(main);
    const pkg = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as typeof VITE_APP;
    expect(pkg.scripts).not.toHaveProperty("storybook");
    expect(pkg.scripts).not.toHaveProperty("test");
  });

  it("writes package.json in the indentation the app's file uses", () => {
    const dir = app({});
    writeFileSync(join(dir, "package.json"), `${JSON.stringify(VITE_APP, null, "\t")}\n`);
    expect(init(dir, "--yes").status).toBe(0);
    expect(readFileSync(join(dir, "package.json"), "utf8")).toMatch(/^\{\n\t"name": "team-app",/);
  });
});

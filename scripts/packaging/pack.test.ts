// Staging and packing on a tiny workspace of two packages: entries moved to the compiled files,
// tests and stories left out, workspace dependencies read from their staged types, and a compile
// error that leaves the previous outputs as they were.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeScratchFolder } from "../../tooling/scratch-folder.ts";
import { declarationsWithJsImports, stagedManifest } from "./manifest.ts";
import { isShipped, mdxWithJsImports, packPackages, PackError, workspacePackages } from "./pack.ts";

const REPO = resolve(import.meta.dirname, "../..");

describe("stagedManifest", () => {
  it("points each entry at the compiled files under the same name, types first", () => {
    const { manifest, entrySources, binSources } = stagedManifest(
      {
        name: "x",
        version: "1.0.0",
        scripts: { prepack: "tsc" },
        devDependencies: { typescript: "7.0.2" },
        exports: {
          ".": "./src/index.ts",
          "./view": { browser: "./src/view.tsx", default: "./src/view-node.mts" },
          "./styles.css": "./src/styles.css",
          "./parts/*": "./src/parts/*.ts",
          "./package.json": "./package.json",
        },
        bin: { x: "./src/cli.ts" },
      },
      "packages/x/package.json",
      ["README.md", "CHANGELOG.md"],
    );
    expect(manifest.exports).toEqual({
      ".": { types: "./dist/index.d.ts", default: "./dist/index.js" },
      "./view": {
        browser: { types: "./dist/view.d.ts", default: "./dist/view.js" },
        default: { types: "./dist/view-node.d.mts", default: "./dist/view-node.mjs" },
      },
      "./styles.css": "./dist/styles.css",
      "./parts/*": { types: "./dist/parts/*.d.ts", default: "./dist/parts/*.js" },
      "./package.json": "./package.json",
    });
    expect(Object.keys((manifest.exports as Record<string, object>)["."]!)).toEqual(["types", "default"]);
    expect(manifest.bin).toEqual({ x: "./dist/cli.js" });
    expect(manifest.files).toEqual(["dist", "README.md", "CHANGELOG.md"]);
    expect(manifest).not.toHaveProperty("scripts");
    expect(manifest).not.toHaveProperty("devDependencies");
    expect(entrySources).toEqual(["src/index.ts", "src/view.tsx", "src/view-node.mts", "src/styles.css", "src/cli.ts"]);
    expect(binSources).toEqual(["./src/cli.ts"]);
  });

  it("refuses an entry that names a test, or a bin outside src/, naming the field", () => {
    expect(() => stagedManifest({ exports: { "./t": "./src/a.test.ts" } }, "p/package.json", [])).toThrow(
      'p/package.json: exports["./t"] names ./src/a.test.ts, a test or story, not a source',
    );
    expect(() => stagedManifest({ bin: "./bin/x.js" }, "p/package.json", [])).toThrow(
      "p/package.json: bin names ./bin/x.js, not a source in src/",
    );
  });
});

describe("declarationsWithJsImports", () => {
  it("names JavaScript in relative imports and leaves packages and declaration files alone", () => {
    const text = [
      'import type { A } from "./a.ts";',
      "export * from '../b/c.tsx';",
      'export { d } from "./d.mts";',
      'type E = import("./e.ts").E;',
      'import "./side.ts";',
      'import type { F } from "f.ts";',
      'import type { G } from "./g.d.ts";',
      'declare const path: "./h.ts";',
    ].join("\n");
    expect(declarationsWithJsImports(text).split("\n")).toEqual([
      'import type { A } from "./a.js";',
      "export * from '../b/c.js';",
      'export { d } from "./d.mjs";',
      'type E = import("./e.js").E;',
      'import "./side.js";',
      'import type { F } from "f.ts";',
      'import type { G } from "./g.d.ts";',
      'declare const path: "./h.ts";',
    ]);
  });
});

describe("isShipped", () => {
  it("ships sources and the pages a preset brings, not tests, other stories or other MDX", () => {
    const files = [
      "gallery/gallery.page.stories.tsx",
      "coverage/contract-coverage.page.mdx",
      "gallery/gallery-story.tsx",
      "gallery/schema-view.stories.tsx",
      "gallery/notes.mdx",
      "gallery/README.md",
      "gallery/a.test.ts",
      "gallery/a.page.test.ts",
    ];
    expect(files.filter(isShipped)).toEqual([
      "gallery/gallery.page.stories.tsx",
      "coverage/contract-coverage.page.mdx",
      "gallery/gallery-story.tsx",
    ]);
  });

  it("points an MDX page's relative imports of sources at the compiled files", () => {
    const page =
      'import { Meta } from "@storybook/addon-docs/blocks";\nimport { M } from "./m.tsx";\nimport d from "../d.ts";\n';
    expect(mdxWithJsImports(page)).toBe(
      'import { Meta } from "@storybook/addon-docs/blocks";\nimport { M } from "./m.js";\nimport d from "../d.js";\n',
    );
  });
});

describe("packPackages on a tiny workspace", () => {
  let root: string;
  const write = (file: string, text: string) => {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    writeFileSync(join(root, file), text);
  };
  const out = () => join(root, "out");
  const tarList = (tarball: string) =>
    spawnSync("tar", ["-tzf", tarball], { encoding: "utf8" }).stdout.trim().split("\n").sort();

  beforeAll(() => {
    // Under the repository's .cache/, so React's types resolve from its node_modules.
    root = makeScratchFolder(REPO, "pack-");
    write(
      "tsconfig.json",
      JSON.stringify({
        compilerOptions: {
          target: "ES2023",
          module: "ESNext",
          moduleResolution: "bundler",
          strict: true,
          skipLibCheck: true,
          verbatimModuleSyntax: true,
          types: [],
        },
      }),
    );
    // "app-kit" sorts before "base" but depends on it: packed second.
    write(
      "packages/app-kit/package.json",
      JSON.stringify({
        name: "app-kit",
        version: "2.0.0",
        type: "module",
        exports: { ".": "./src/index.ts" },
        bin: { "app-kit": "./src/cli.ts" },
        dependencies: { base: "1.0.0" },
        scripts: { test: "vitest" },
      }),
    );
    write("packages/app-kit/README.md", "# app-kit\n");
    write(
      "packages/app-kit/src/index.ts",
      'import type { Thing } from "base";\nexport const named = (thing: Thing): string => thing.name;\n',
    );
    write("packages/app-kit/src/cli.ts", '#!/usr/bin/env node\nconsole.log("app-kit");\n');
    write(
      "packages/base/package.json",
      JSON.stringify({
        name: "base",
        version: "1.0.0",
        type: "module",
        exports: { ".": "./src/index.ts", "./view": "./src/view.tsx" },
        peerDependencies: { react: "^19" },
      }),
    );
    write("packages/base/README.md", "# base\n");
    write("packages/base/CHANGELOG.md", "# Changelog\n");
    write(
      "packages/base/src/index.ts",
      'export type { Thing } from "./thing.ts";\nexport { thing } from "./thing.ts";\n',
    );
    write(
      "packages/base/src/thing.ts",
      'export interface Thing { name: string }\nexport const thing: Thing = { name: "one" };\n',
    );
    write(
      "packages/base/src/view.tsx",
      'import "./view.css";\nimport { thing } from "./thing.ts";\nexport const View = () => <p>{thing.name}</p>;\n',
    );
    write("packages/base/src/view.css", "p { color: teal; }\n");
    // A hand-written declaration: the compiler emits none for it, so it is copied.
    write("packages/base/src/css.d.ts", 'declare module "*.css";\n');
    write("packages/base/src/README.md", "# src\n");
    // The pages a preset brings ship; other stories and MDX (a repository's internals) do not.
    write(
      "packages/base/src/overview.page.stories.tsx",
      'import { View } from "./view.tsx";\nexport default { title: "Base/Overview" };\nexport const Shown = { render: () => <View /> };\n',
    );
    write("packages/base/src/notes.page.mdx", 'import { View } from "./view.tsx";\n\n<View />\n');
    write("packages/base/src/internal.mdx", "# Internal\n");
    for (const file of ["thing.test.ts", "view.dom.test.tsx", "thing.test-d.ts", "view.stories.tsx", "t.e2e.test.ts"])
      write(`packages/base/src/${file}`, "export {};\n");
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("orders the packages so a dependency is packed first", () => {
    expect(workspacePackages(root).map((pkg) => pkg.manifest.name)).toEqual(["base", "app-kit"]);
  });

  it("stages compiled sources without tests or stories and packs them", () => {
    const [base, appKit] = packPackages(root, out());
    expect(base?.tarball).toBe(join(out(), "base-1.0.0.tgz"));
    expect(appKit?.tarball).toBe(join(out(), "app-kit-2.0.0.tgz"));
    expect(tarList(base!.tarball)).toEqual(
      [
        "CHANGELOG.md",
        "README.md",
        "package.json",
        ...[
          "css.d.ts",
          "index.d.ts",
          "index.js",
          "notes.page.mdx",
          "overview.page.stories.d.ts",
          "overview.page.stories.js",
          "thing.d.ts",
          "thing.js",
          "view.css",
          "view.d.ts",
          "view.js",
        ].map((file) => `dist/${file}`),
      ]
        .map((file) => `package/${file}`)
        .sort(),
    );
    const staged = JSON.parse(readFileSync(join(out(), "base", "package.json"), "utf8")) as Record<string, unknown>;
    expect(staged.exports).toEqual({
      ".": { types: "./dist/index.d.ts", default: "./dist/index.js" },
      "./view": { types: "./dist/view.d.ts", default: "./dist/view.js" },
    });
    expect(readFileSync(join(out(), "base", "dist", "index.d.ts"), "utf8")).toContain('from "./thing.js"');
    expect(readFileSync(join(out(), "base", "dist", "view.js"), "utf8")).toMatch(/from "react\/jsx-runtime"/);
    expect(readFileSync(join(out(), "base", "dist", "overview.page.stories.js"), "utf8")).toContain('from "./view.js"');
    expect(readFileSync(join(out(), "base", "dist", "notes.page.mdx"), "utf8")).toContain('from "./view.js"');
    // The dependent compiled against the staged declarations of its dependency.
    expect(readFileSync(join(out(), "app-kit", "dist", "index.d.ts"), "utf8")).toContain('from "base"');
    expect(readFileSync(join(out(), "app-kit", "dist", "cli.js"), "utf8")).toMatch(/^#!\/usr\/bin\/env node\n/);
    expect(JSON.parse(readFileSync(join(out(), "app-kit", "package.json"), "utf8"))).toMatchObject({
      bin: { "app-kit": "./dist/cli.js" },
      files: ["dist", "README.md"],
    });
    expect(readdirSync(out()).sort()).toEqual(["app-kit", "app-kit-2.0.0.tgz", "base", "base-1.0.0.tgz"]);
  });

  it("names the file and line of a compile error and leaves the previous outputs whole", () => {
    const before = readFileSync(join(out(), "base-1.0.0.tgz"));
    write(
      "packages/base/src/thing.ts",
      "export interface Thing { name: string }\nexport const thing: Thing = { name: 1 };\n",
    );
    let caught: unknown;
    try {
      packPackages(root, out());
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(PackError);
    expect((caught as Error).message).toMatch(/^packages\/base\/src\/thing\.ts:2:\d+: error TS2322: /);
    expect((caught as Error).message).not.toContain("\n");
    expect(readdirSync(out()).sort()).toEqual(["app-kit", "app-kit-2.0.0.tgz", "base", "base-1.0.0.tgz"]);
    expect(readFileSync(join(out(), "base-1.0.0.tgz")).equals(before)).toBe(true);
    expect(existsSync(join(out(), "base", "dist", "thing.js"))).toBe(true);
  });
});

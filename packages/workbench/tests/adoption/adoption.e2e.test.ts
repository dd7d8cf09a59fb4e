// An app made by create-vite adopts the runtime from its packed tarball, as a team would: the
// contract's paths type and manifest beside one binding file, a typed hook in a screen, and the
// app's own `npm run build` (tsc -b, then vite build) passes with the client in its bundle.
import { lstatSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generate } from "@contract-workbench/workbench/codegen";
import { REPO, run } from "../../../../tests/harness/scratch-copy.ts";
import { sharedPackages } from "../../../../tests/harness/shared.ts";
import {
  createViteApp,
  installInApp,
  packedTarball,
  peersToInstall,
  removeScratchApp,
  runAppScript,
  type ScratchApp,
  writeAppFiles,
} from "./scratch-app.ts";

const RUNTIME = "packages/runtime";
const CONTRACT = "tests/contracts/adoption";

/** What the app writes: the binding of the runtime to its contract, and a screen that calls it. */
const APP_FILES = {
  "src/api/index.ts": `import { apiBaseUrl, createApiClient, createApiHooks, type Manifest } from "@contract-workbench/runtime";
import generated from "./manifest.json";
import type { paging, paths } from "./schema.d.ts";

export const manifest = generated as Manifest;
export const apiClient = createApiClient<paths>({
  baseUrl: apiBaseUrl(import.meta.env.VITE_API_BASE_URL),
  operations: manifest.operations,
});
export const api = createApiHooks<paths, paging>(apiClient, { manifest });
`,
  "src/App.tsx": `import { QueryClientProvider } from "@tanstack/react-query";
import { createQueryClient } from "@contract-workbench/runtime";
import { api } from "./api/index.ts";

const queryClient = createQueryClient();

function Greeting({ name }: { name: string }) {
  const greeting = api.useQuery("get", "/greetings/{name}", { params: { path: { name } } });
  if (greeting.error) {
    return <p role="alert">{greeting.error.kind === "problem" ? greeting.error.problem?.title : greeting.error.message}</p>;
  }
  const message: string | undefined = greeting.data?.message;
  return <p>{message ?? "…"}</p>;
}

// The contract has no such path: the hooks carry the contract's types, not any.
export function Misspelt() {
  // @ts-expect-error
  return api.useQuery("get", "/greeting/{name}", { params: { path: { name: "Ada" } } });
}

export default function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <Greeting name="Ada" />
    </QueryClientProvider>
  );
}
`,
};

/** Strings only the runtime's client holds: the session's header and a network failure's message. */
const CLIENT_MARKERS = ["Bearer ", "could not reach the server"];

let app: ScratchApp | undefined;

beforeAll(async () => {
  await sharedPackages();
  app = createViteApp("adoption-");
  installInApp(app.dir, [packedTarball(RUNTIME), ...peersToInstall(app.dir, RUNTIME)]);
  // The generator the workbench runs as `npm run api`, writing the app's src/api/.
  const { outputs } = await generate(REPO, { contract: CONTRACT, outDir: "src/api" });
  writeAppFiles(app.dir, {
    "src/api/schema.d.ts": outputs.get("src/api/schema.d.ts")!,
    "src/api/manifest.json": outputs.get("src/api/manifest.json")!,
    ...APP_FILES,
  });
});

afterAll(() => removeScratchApp(app));

describe("an app made by create-vite, with the runtime from its tarball", () => {
  it("installs the compiled package, not a link to the workspace's sources", () => {
    const installed = join(app!.dir, "node_modules", "@contract-workbench", "runtime");
    expect(lstatSync(installed).isSymbolicLink()).toBe(false);
    expect(readdirSync(installed).sort()).toEqual(["CHANGELOG.md", "README.md", "dist", "package.json"]);
    const dependencies = (JSON.parse(readFileSync(join(app!.dir, "package.json"), "utf8")) as Record<string, object>)
      .dependencies;
    expect(Object.keys(dependencies!)).toEqual(
      expect.arrayContaining(["@contract-workbench/runtime", "@tanstack/react-query", "openapi-fetch"]),
    );
  });

  it("runs its pure entries in plain Node, which strips no types under node_modules", () => {
    const script = [
      'import { streamFormatOf } from "@contract-workbench/runtime/streams";',
      'import { METHODS } from "@contract-workbench/runtime/manifest";',
      'console.log(streamFormatOf("text/event-stream"), METHODS.includes("get"));',
    ].join("\n");
    const node = run(app!.dir, process.execPath, ["--input-type=module", "--eval", script]);
    expect(node.stderr).toBe("");
    expect(node.stdout.trim()).toBe("sse true");
  });

  it("passes its own build (tsc -b, vite build), the client in its bundle", () => {
    runAppScript(app!.dir, "build");
    const assets = join(app!.dir, "dist", "assets");
    const bundle = readdirSync(assets)
      .filter((file) => file.endsWith(".js"))
      .map((file) => readFileSync(join(assets, file), "utf8"))
      .join("\n");
    for (const marker of CLIENT_MARKERS) expect(bundle).toContain(marker);
    expect(bundle).toContain("/greetings/{name}");
  });
});

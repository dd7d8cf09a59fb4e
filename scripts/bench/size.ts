/**
 * `npm run bench:size`: the gzip size of the app's initial JavaScript, next to a
 * bare Vite + React app built in the same run with the same toolchain.
 * Initial JS = the entry scripts and modulepreloads index.html loads before any
 * dynamic import. Two builds of the app: unconfigured (no Firebase code at all) and
 * configured with a Firebase project (placeholder values), whose identity SDK is lazy JS.
 */
import react from "@vitejs/plugin-react";
import { readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { makeScratchFolder } from "../../tooling/scratch-folder.ts";
import { join, resolve } from "node:path";
import { gzipSync } from "node:zlib";
import { build } from "vite";

const root = resolve(import.meta.dirname, "../..");

function initialJsGzip(outDir: string): { files: string[]; bytes: number } {
  const html = readFileSync(join(outDir, "index.html"), "utf8");
  const files = [...html.matchAll(/<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="([^"]+\.js)"/g)].map(
    (match) => match[1] ?? "",
  );
  const bytes = files.reduce((sum, file) => sum + gzipSync(readFileSync(join(outDir, file))).length, 0);
  return { files, bytes };
}

/** Every other script of the build: what loads later, through dynamic imports. */
function lazyJsGzip(outDir: string, initial: string[]): number {
  return readdirSync(join(outDir, "assets"))
    .map((name) => `/assets/${name}`)
    .filter((file) => file.endsWith(".js") && !initial.includes(file))
    .reduce((sum, file) => sum + gzipSync(readFileSync(join(outDir, file))).length, 0);
}

/** Placeholder values: enough for the build to include the identity provider's SDK. */
const FIREBASE_CONFIG = {
  VITE_FIREBASE_API_KEY: "bench-key",
  VITE_FIREBASE_AUTH_DOMAIN: "bench.firebaseapp.com",
  VITE_FIREBASE_PROJECT_ID: "bench",
  VITE_FIREBASE_APP_ID: "1:1:web:1",
};

async function buildApp(outDir: string, env: Record<string, string> = {}): Promise<void> {
  const saved = Object.fromEntries(Object.keys(FIREBASE_CONFIG).map((key) => [key, process.env[key]]));
  // Vite reads VITE_* variables from the environment; unset them for the unconfigured build.
  for (const key of Object.keys(FIREBASE_CONFIG)) delete process.env[key];
  Object.assign(process.env, env);
  try {
    await build({ root, logLevel: "silent", mode: "production", build: { outDir, emptyOutDir: true } });
  } finally {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  }
}

/** The smallest Vite + React app: one component rendered with createRoot. */
async function buildBare(outDir: string): Promise<void> {
  // Inside the repository so that react and react-dom resolve from its node_modules.
  const dir = makeScratchFolder(root, "bare-react-");
  try {
    writeFileSync(
      join(dir, "index.html"),
      '<!doctype html><html><body><div id="root"></div><script type="module" src="/main.jsx"></script></body></html>',
    );
    writeFileSync(
      join(dir, "main.jsx"),
      'import { createRoot } from "react-dom/client";\ncreateRoot(document.getElementById("root")).render(<h1>Hello</h1>);\n',
    );
    await build({
      root: dir,
      configFile: false,
      logLevel: "silent",
      plugins: [react()],
      build: { outDir, emptyOutDir: true },
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The app built with analytics configured (a measurement ID and the Firebase web config):
 * its initial JS, and the gzip size of the lazy chunks that load the banner, the pipeline
 * and the Firebase Analytics SDK (every JS file not in the initial set).
 */
async function analyticsSizes(outDir: string): Promise<{ initial: number; lazy: number }> {
  const env = {
    VITE_FIREBASE_API_KEY: "bench",
    VITE_FIREBASE_AUTH_DOMAIN: "bench.firebaseapp.com",
    VITE_FIREBASE_PROJECT_ID: "bench",
    VITE_FIREBASE_APP_ID: "1:000000000000:web:0000000000000000000000",
    VITE_FIREBASE_MEASUREMENT_ID: "G-BENCH",
  };
  Object.assign(process.env, env);
  try {
    await buildApp(outDir);
  } finally {
    for (const key of Object.keys(env)) delete process.env[key];
  }
  const initial = initialJsGzip(outDir);
  const lazy = readdirSync(join(outDir, "assets"))
    .map((file) => `/assets/${file}`)
    .filter((file) => file.endsWith(".js") && !initial.files.includes(file))
    .reduce((sum, file) => sum + gzipSync(readFileSync(join(outDir, file))).length, 0);
  return { initial: initial.bytes, lazy };
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
const work = makeScratchFolder(root, "bench-size-");
try {
  await buildApp(join(work, "app"));
  await buildApp(join(work, "configured"), FIREBASE_CONFIG);
  await buildBare(join(work, "bare"));
  const app = initialJsGzip(join(work, "app"));
  const configured = initialJsGzip(join(work, "configured"));
  const bare = initialJsGzip(join(work, "bare"));
  const ratio = (bytes: number) => `×${(bytes / bare.bytes).toFixed(2)}`;
  console.log("JS, gzip");
  console.log(`  app, initial               ${kib(app.bytes).padStart(10)}  (${app.files.join(", ")})`);
  console.log(`  app, lazy                  ${kib(lazyJsGzip(join(work, "app"), app.files)).padStart(10)}`);
  console.log(`  app + Firebase, initial    ${kib(configured.bytes).padStart(10)}  (${ratio(configured.bytes)})`);
  console.log(
    `  app + Firebase, lazy       ${kib(lazyJsGzip(join(work, "configured"), configured.files)).padStart(10)}  (the identity SDK)`,
  );
  console.log(`  bare Vite + React          ${kib(bare.bytes).padStart(10)}`);
  console.log(`  app − bare                 ${kib(app.bytes - bare.bytes).padStart(10)}  (${ratio(app.bytes)})`);
  const analytics = await analyticsSizes(join(work, "app-analytics"));
  console.log("with analytics configured (VITE_FIREBASE_MEASUREMENT_ID), gzip");
  console.log(
    `  initial JS        ${kib(analytics.initial).padStart(10)}  (×${(analytics.initial / bare.bytes).toFixed(2)} bare)`,
  );
  console.log(
    `  lazy chunks       ${kib(analytics.lazy).padStart(10)}  (banner, consent gate, Firebase app + Analytics SDK)`,
  );
} finally {
  rmSync(work, { recursive: true, force: true });
}

/**
 * `npm run bench:size`: the gzip size of the app's initial JavaScript, next to a
 * bare Vite + React app built in the same run with the same toolchain.
 * Initial JS = the entry scripts and modulepreloads index.html loads before any
 * dynamic import.
 */
import react from "@vitejs/plugin-react";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
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

async function buildApp(outDir: string): Promise<void> {
  await build({ root, logLevel: "silent", mode: "production", build: { outDir, emptyOutDir: true } });
}

/** The smallest Vite + React app: one component rendered with createRoot. */
async function buildBare(outDir: string): Promise<void> {
  // Inside the repository so that react and react-dom resolve from its node_modules.
  const dir = mkdtempSync(join(root, ".cache", "bare-react-"));
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
mkdirSync(join(root, ".cache"), { recursive: true });
const work = mkdtempSync(join(root, ".cache", "bench-size-"));
try {
  await buildApp(join(work, "app"));
  await buildBare(join(work, "bare"));
  const app = initialJsGzip(join(work, "app"));
  const bare = initialJsGzip(join(work, "bare"));
  console.log("initial JS, gzip");
  console.log(`  app               ${kib(app.bytes).padStart(10)}  (${app.files.join(", ")})`);
  console.log(`  bare Vite + React ${kib(bare.bytes).padStart(10)}`);
  console.log(
    `  app − bare        ${kib(app.bytes - bare.bytes).padStart(10)}  (×${(app.bytes / bare.bytes).toFixed(2)})`,
  );
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

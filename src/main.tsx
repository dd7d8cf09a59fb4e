import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "@/app/app.tsx";
import "@/styles/tokens.css";

/**
 * In development (`npm run dev`) the app first starts mocks/dev.ts: the fixtures, or the drift
 * check against a real server (VITE_API_MOCK=0). `MODE` is replaced by a literal at build time,
 * so a production build drops this branch and the dynamic import with it: no MSW, fixtures or
 * worker in dist/ (tests/build.e2e.test.ts). (`DEV` would follow NODE_ENV, which a CI shell
 * may set to "test".)
 */
async function startDevelopment(): Promise<void> {
  if (import.meta.env.MODE !== "development") return;
  await import("#mocks/dev.ts")
    .then((dev) => dev.startDevelopment())
    .catch((error: unknown) => console.error("[dev] Development mode could not start; the app runs as built.", error));
}

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");

// A promise, not a top-level await: the bundler assumes a module that awaits at top level
// awaits its dynamic imports too, and so keeps what they share with it (React, the session)
// out of its chunk, splitting the initial JS in two (rollup/rollup#6121, which Rolldown follows).
void startDevelopment().then(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});

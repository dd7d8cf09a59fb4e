import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "@/app/app";
import "@/styles/tokens.css";

/**
 * In development (`npm run dev`) the app answers from the fixtures unless
 * VITE_API_MOCK=0. `MODE` is replaced by a literal at build time, so a production
 * build drops this branch and the dynamic import with it: no MSW, fixtures or
 * worker in dist/. (`DEV` would follow NODE_ENV, which a CI shell may set to "test".)
 */
async function startMocking(): Promise<void> {
  if (import.meta.env.MODE !== "development" || import.meta.env.VITE_API_MOCK === "0") return;
  try {
    // The product-to-fixtures imports, dev only (docs/decisions/0010-two-wings.md); tests/build.test.ts proves dist/ has none.
    // eslint-disable-next-line import-x/no-restricted-paths
    const { startMockWorker } = await import("@/mocks/browser");
    // eslint-disable-next-line import-x/no-restricted-paths
    const { fixtures } = await import("@/mocks/fixtures");
    // eslint-disable-next-line import-x/no-restricted-paths
    const control = await import("#workbench/fixtures/resources/reset-control.ts");
    // What the prototype created, changed or deleted survives a reload, for this tab's session.
    await fixtures.resources.persist(sessionStorage, control.SESSION_KEY);
    await startMockWorker("/mockServiceWorker.js");
    if (fixtures.resources.models.length > 0) control.mountResetControl(fixtures.resources);
  } catch (error) {
    // No Service Worker here (an insecure origin, or workers disabled): run unmocked, say why.
    console.error("[mocks] The mock Service Worker could not start; the app runs without mocks.", error);
  }
}

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");

await startMocking();
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

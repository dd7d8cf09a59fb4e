import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "@/app/app";
import "@/styles/tokens.css";

/**
 * In development the app answers from the fixtures unless VITE_API_MOCK=0.
 * `import.meta.env.DEV` is false in a production build, so the bundler drops this
 * branch and the dynamic import with it: no MSW, fixtures or worker in dist/.
 */
async function startMocking(): Promise<void> {
  if (!import.meta.env.DEV || import.meta.env.VITE_API_MOCK === "0") return;
  const { startMockWorker } = await import("@/api/mocks/browser");
  await startMockWorker("/mockServiceWorker.js");
}

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");

await startMocking();
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

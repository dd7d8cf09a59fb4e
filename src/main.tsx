import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "@/app/app";
import "@/styles/tokens.css";

/**
 * In development (`npm run dev`) the app answers from the fixtures unless
 * VITE_API_MOCK=0; the identity provider too (sign up and sign in with no server), or
 * the Auth emulator with `npm run dev:emulator`. `MODE` is replaced by a literal at build time, so a production
 * build drops this branch and the dynamic import with it: no MSW, fixtures or
 * worker in dist/. (`DEV` would follow NODE_ENV, which a CI shell may set to "test".)
 */
async function startMocking(): Promise<void> {
  if (import.meta.env.MODE !== "development" || import.meta.env.VITE_API_MOCK === "0") return;
  try {
    const [{ startMockWorker }, { identityStore }] = await Promise.all([
      import("@/api/mocks/browser"),
      import("@/mocks/identity/fixtures"),
    ]);
    // Accounts made in this tab survive a reload, as the signed-in session does.
    identityStore.persistIn(sessionStorage);
    await startMockWorker("/mockServiceWorker.js");
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

import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "@/app/app.tsx";
import "@/styles/tokens.css";

/**
 * In development (`npm run dev`) the app answers from the fixtures unless
 * VITE_API_MOCK=0; the identity provider too (sign up and sign in with no server), or
 * the Auth emulator with `npm run dev:emulator`. `MODE` is replaced by a literal at build time, so a production
 * build drops this branch and the dynamic import with it: no MSW, fixtures or
 * worker in dist/. (`DEV` would follow NODE_ENV, which a CI shell may set to "test".)
 */
async function startMocking(): Promise<void> {
  if (import.meta.env.MODE !== "development") return;
  if (import.meta.env.VITE_API_MOCK === "0") {
    // Against a real server: every exchange checked against the contract, nothing changed
    // (docs/decisions/0016-real-server.md); VITE_API_DRIFT=0 turns the check off.
    if (import.meta.env.VITE_API_DRIFT === "0") return;
    // eslint-disable-next-line import-x/no-restricted-paths -- dev only, like the fixtures below
    await import("#workbench/drift/dev-check.ts")
      .then((drift) => drift.startDriftCheck())
      .catch((error: unknown) => console.error("[contract drift] The drift check could not start.", error));
    return;
  }
  try {
    // The product-to-fixtures imports, dev only (docs/decisions/0010-two-wings.md); tests/build.e2e.test.ts proves dist/ has none.
    /* eslint-disable import-x/no-restricted-paths */
    const [{ startMockWorker }, { fixtures }, control, { identityStore }] = await Promise.all([
      import("#mocks/browser.ts"),
      import("#mocks/fixtures.ts"),
      import("#workbench/fixtures/resources/reset-control.ts"),
      import("#mocks/identity/fixtures.ts"),
    ]);
    /* eslint-enable import-x/no-restricted-paths */
    // What the prototype created, changed or deleted survives a reload, for this tab's session,
    // and so do the accounts made in this tab, as the signed-in session does.
    await fixtures.resources.persist(sessionStorage, control.SESSION_KEY);
    identityStore.persistIn(sessionStorage);
    await startMockWorker("/mockServiceWorker.js");
    if (fixtures.resources.models.length > 0) control.mountResetControl(fixtures.resources);
  } catch (error) {
    // No Service Worker here (an insecure origin, or workers disabled): run unmocked, say why.
    console.error("[mocks] The mock Service Worker could not start; the app runs without mocks.", error);
  }
}

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");

// A promise, not a top-level await: the bundler assumes a module that awaits at top level
// awaits its dynamic imports too, and so keeps what they share with it (React, the session)
// out of its chunk, splitting the initial JS in two (rollup/rollup#6121, which Rolldown follows).
void startMocking().then(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});

// The app's development mode, the one module `npm run dev` loads beside the product (the
// dev-only branch of src/main.tsx): the fixtures answer every call, the identity provider's
// too, unless VITE_API_MOCK=0 points the app at a real server, whose exchanges are then
// checked against the contract (docs/decisions/0016-real-server.md). Each side is loaded
// only when it runs: MSW stays out of a page that talks to a real server, and the drift
// check out of a mocked one.

import type { ContractSchemas } from "@contract-workbench/workbench/contract";
import { manifest } from "@/api/index.ts";

/** Starts what development mode asks for; never throws, so the app always renders. */
export async function startDevelopment(): Promise<void> {
  const env = import.meta.env;
  if (env.VITE_API_MOCK === "0") {
    // VITE_API_DRIFT=0 turns the check off.
    if (env.VITE_API_DRIFT === "0") return;
    await Promise.all([import("@contract-workbench/workbench/drift/dev"), import("@/api/contract.json?raw")])
      .then(([drift, contract]) => {
        // As text, as mocks/fixtures.ts reads it: no inferred type for the whole contract.
        drift.startDriftCheck(manifest, JSON.parse(contract.default) as ContractSchemas);
      })
      .catch((error: unknown) => console.error("[contract drift] The drift check could not start.", error));
    return;
  }
  try {
    const [{ startMockWorker }, { fixtures }, control, { identityStore }] = await Promise.all([
      import("./browser.ts"),
      import("./fixtures.ts"),
      import("@contract-workbench/workbench/fixtures/browser"),
      import("./identity/fixtures.ts"),
    ]);
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

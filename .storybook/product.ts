// What this app lends the workbench package (@contract-workbench/workbench): the gallery, the
// coverage page and the mock-data pages render through what the product itself uses (its
// hooks, its components, its session, its fixtures and the identity provider's), so that what
// a designer sees there is what a screen would show. The package never imports the app: it
// imports `virtual:contract-workbench/product`, which vite.config.ts and tsconfig.json point
// here; what it must export is what the package's files import from that name, which
// `npm run typecheck` checks (docs/decisions/0032-the-workbench-package.md).
export { api, manifest } from "@/api/index.ts";
export { Button } from "@/components/button.tsx";
export { EmptyState } from "@/components/empty-state.tsx";
export { ErrorState } from "@/components/error-state.tsx";
export { Spinner } from "@/components/spinner.tsx";
export { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from "@/components/table.tsx";
export { TextField } from "@/components/text-field.tsx";
import { loadIdentity } from "@/features/identity/auth.ts";
import { SessionProvider, useSession } from "@/features/identity/session.tsx";
import { identity as identityFixtures, SEEDED_USERS } from "#mocks/identity/fixtures.ts";
import identityManifest from "#mocks/identity/generated/manifest.json";
import type { Manifest } from "@contract-workbench/runtime/manifest";
export { keepMocking } from "#mocks/browser.ts";
export { fixtures } from "#mocks/fixtures.ts";

/** The product's identity provider (Firebase Auth), its session and its fixtures' seeded accounts. */
export const identity = {
  loadIdentity,
  SessionProvider,
  useSession,
  fixtures: identityFixtures,
  seededUsers: SEEDED_USERS,
  manifest: identityManifest as Manifest,
};

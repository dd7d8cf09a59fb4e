// The declared seam between the two wings (docs/decisions/0010-two-wings.md): the only
// workbench module that imports the product's src/, besides the generated files and the
// manifest's type (src/api/{schema.d.ts,manifest.json,contract.json,manifest-types.ts}),
// which any workbench module may read. The gallery and the coverage page render through
// what the product itself uses (its hooks, its error type, its components, its session,
// its fixtures and the identity provider's), so that what a designer sees there is what a
// screen would show. A deliberate re-export
// module (the repository has no barrels otherwise): ESLint lets nothing else under
// workbench/ reach into src/, and nothing under workbench/{contract,codegen,fixtures}
// reach this file, so the Node side never loads React or the product.
export {
  ApiError,
  bodyOptionsFor,
  createApiClient,
  createApiHooks,
  createApiStreams,
  createQueryClient,
  isJsonContentType,
  requiresCredentials,
} from "@contract-workbench/runtime";
export { api, manifest } from "@/api/index.ts";
export { Button } from "@/components/button.tsx";
export { EmptyState } from "@/components/empty-state.tsx";
export { ErrorState } from "@/components/error-state.tsx";
export { Spinner } from "@/components/spinner.tsx";
export { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from "@/components/table.tsx";
export { TextField } from "@/components/text-field.tsx";
export { loadIdentity } from "@/features/identity/auth.ts";
export { SessionProvider, useSession } from "@/features/identity/session.tsx";
export { fixtures } from "#mocks/fixtures.ts";
export { identity as identityFixtures, SEEDED_USERS } from "#mocks/identity/fixtures.ts";

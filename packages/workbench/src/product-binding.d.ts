// What an app lends the gallery and the workbench's pages: the module its Vite config resolves
// `virtual:contract-workbench/product` to (this repository's: .storybook/product.ts, which its
// tsconfig's `paths` type-check against every use here). Declared for the package's own compile,
// where no app is present: the shapes the package relies on, no more. An app without components of
// its own re-exports `@contract-workbench/workbench/ui` there.
declare module "virtual:contract-workbench/product" {
  import type { ComponentType, ReactNode } from "react";
  import type { Manifest } from "@contract-workbench/runtime/manifest";
  import type { Fixtures } from "@contract-workbench/workbench/fixtures";

  type Props = Record<string, unknown> & { children?: ReactNode };
  interface Account {
    email: string;
    password: string;
  }

  /** The app's hooks (its `api`), called by the gallery with a method and path read from the manifest. */
  export const api: unknown;
  export const manifest: Manifest;
  export const fixtures: Fixtures;
  /**
   * The app's identity provider, or `undefined` for an app without one: the gallery then renders
   * the stories of operations that require credentials without signing in, and says so.
   */
  export const identity:
    | {
        loadIdentity(): Promise<
          { signIn(email: string, password: string): Promise<unknown>; signOut(): Promise<unknown> } | undefined
        >;
        SessionProvider: ComponentType<{ children?: ReactNode }>;
        useSession(): { status: string; account?: { email?: string | null } | null };
        /** Its fixtures, which the gallery follows to count token refreshes. */
        fixtures: Pick<Fixtures, "onExchange" | "settled">;
        /** The accounts its fixtures hold; a secured operation's story signs in as the first. */
        seededUsers: readonly [Account, ...Account[]];
        /** Its document's manifest. */
        manifest: Manifest;
      }
    | undefined;
  export const Button: ComponentType<Props>;
  export const EmptyState: ComponentType<Props>;
  export const ErrorState: ComponentType<Props>;
  export const Spinner: ComponentType<Props>;
  export const Table: ComponentType<Props>;
  export const TableBody: ComponentType<Props>;
  export const TableCaption: ComponentType<Props>;
  export const TableCell: ComponentType<Props>;
  export const TableHead: ComponentType<Props>;
  export const TableHeader: ComponentType<Props>;
  export const TableRow: ComponentType<Props>;
  export const TextField: ComponentType<Props>;
}

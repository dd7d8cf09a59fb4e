import { QueryClientProvider } from "@tanstack/react-query";
import { lazy, Suspense, useState } from "react";
import { ErrorBoundary, type FallbackProps } from "react-error-boundary";
import { manifest } from "@/api/index.ts";
import { createQueryClient } from "@contract-workbench/runtime";
import { ErrorState } from "@/components/error-state.tsx";
import { track, trackException, useScreenView } from "@/features/analytics/analytics.ts";
import type { ScreenName } from "@/features/analytics/events.ts";
import { AnalyticsConsent } from "@/features/analytics/analytics-consent.tsx";
import { Spinner } from "@/components/spinner.tsx";
import { IDENTITY_PATHS } from "@/features/identity/paths.ts";
import { SessionNav } from "@/features/identity/session-nav.tsx";
import { SessionProvider } from "@/features/identity/session.tsx";
import { ContractOverview } from "./contract-overview.tsx";
import { useRoute } from "@/lib/route.ts";
import "./app.css";

// The identity screens load when first visited: they are not part of the first paint.
const IdentityPage = lazy(() =>
  import("@/features/identity/identity-pages.tsx").then((module) => ({ default: module.IdentityPage })),
);

function Crashed({ error, resetErrorBoundary }: FallbackProps) {
  return <ErrorState title="This page crashed" error={error} onRetry={resetErrorBoundary} />;
}

/** The analytics name of each screen the shell shows. */
function screenName(path: string): ScreenName {
  if (path === "/sign-in") return "sign-in";
  if (path === "/sign-up") return "sign-up";
  if (path === "/account") return "account";
  return "contract-status";
}

function Page() {
  const { path, next } = useRoute();
  useScreenView(screenName(path));
  if (IDENTITY_PATHS.includes(path))
    return (
      <Suspense fallback={<Spinner label="Loading…" />}>
        <IdentityPage path={path} next={next} />
      </Suspense>
    );
  return (
    <>
      <h1>Contract status</h1>
      <ContractOverview manifest={manifest} />
    </>
  );
}

/**
 * The app shell. The product's screens arrive with the contract; until then the
 * shell shows what the contract holds, and the identity screens (`#/sign-in`,
 * `#/sign-up`, `#/account`). Everything below it sits inside an error boundary, so a
 * crash shows an error state instead of a blank page.
 */
export function App() {
  const [queryClient] = useState(() => createQueryClient());
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider onEvent={(event) => track(event, { method: "password" })}>
        <div className="app">
          <header className="app__header">
            <a className="app__name" href="#/">
              {manifest.title}
            </a>
            <SessionNav />
          </header>
          <main className="app__main">
            <ErrorBoundary FallbackComponent={Crashed} onError={(error) => trackException(error, true)}>
              <Page />
            </ErrorBoundary>
          </main>
          <AnalyticsConsent />
        </div>
      </SessionProvider>
    </QueryClientProvider>
  );
}

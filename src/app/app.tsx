import { QueryClientProvider } from "@tanstack/react-query";
import { useState } from "react";
import { ErrorBoundary, type FallbackProps } from "react-error-boundary";
import { manifest } from "@/api/manifest";
import { createQueryClient } from "@/api/query";
import { ErrorState } from "@/components/error-state";
import { trackException, useScreenView } from "@/features/analytics/analytics";
import { AnalyticsConsent } from "@/features/analytics/analytics-consent";
import { ContractOverview } from "./contract-overview";
import "./app.css";

function Crashed({ error, resetErrorBoundary }: FallbackProps) {
  return <ErrorState title="This page crashed" error={error} onRetry={resetErrorBoundary} />;
}

/**
 * The app shell. The product's screens arrive with the contract; until then the
 * shell shows what the contract holds. Everything below it sits inside an error
 * boundary, so a crash shows an error state instead of a blank page.
 */
export function App() {
  const [queryClient] = useState(() => createQueryClient());
  useScreenView("contract-status");
  return (
    <QueryClientProvider client={queryClient}>
      <div className="app">
        <header className="app__header">
          <p className="app__name">{manifest.title}</p>
        </header>
        <main className="app__main">
          <ErrorBoundary FallbackComponent={Crashed} onError={(error) => trackException(error, true)}>
            <h1>Contract status</h1>
            <ContractOverview manifest={manifest} />
          </ErrorBoundary>
        </main>
        <AnalyticsConsent />
      </div>
    </QueryClientProvider>
  );
}

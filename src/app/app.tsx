import { QueryClientProvider } from "@tanstack/react-query";
import { useState } from "react";
import { ErrorBoundary, type FallbackProps } from "react-error-boundary";
import { manifest } from "@/api/manifest";
import { createQueryClient } from "@/api/query";
import { ErrorState } from "@/components/error-state";
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
  return (
    <QueryClientProvider client={queryClient}>
      <div className="app">
        <header className="app__header">
          <p className="app__name">{manifest.title}</p>
        </header>
        <main className="app__main">
          <ErrorBoundary FallbackComponent={Crashed}>
            <h1>Contract status</h1>
            <ContractOverview manifest={manifest} />
          </ErrorBoundary>
        </main>
      </div>
    </QueryClientProvider>
  );
}

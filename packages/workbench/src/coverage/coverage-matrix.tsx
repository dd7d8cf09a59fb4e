import { useId } from "react";
import { pairLabel } from "../contract/stream-pairs.ts";
import { EmptyState } from "virtual:contract-workbench/product";
import type { ContractCoverageReport, CoveragePair } from "./coverage-types.ts";
import "./coverage-matrix.css";

/** Declared statuses in reading order: 2xx before 4xx, exact codes before ranges, `default` last. */
function byStatus(a: string, b: string): number {
  const rank = (status: string) => (status === "default" ? "9" : status.toUpperCase().replace("XX", "~~"));
  return rank(a).localeCompare(rank(b));
}

const label = (pair: CoveragePair) => pairLabel(pair.status, pair.stream);

export function CoverageMatrix({ report }: { report: ContractCoverageReport }) {
  const titleId = useId();
  const statuses = [...new Set(report.operations.flatMap((operation) => operation.statuses.map(label)))].sort(byStatus);
  const limit = report.service === undefined ? `threshold ${report.threshold}%` : "a service's document, no threshold";
  const summary = `Covered ${report.covered} of ${report.total} operation×status pairs (${report.percent.toFixed(1)}%; ${limit})`;
  return (
    <section
      className="coverage-matrix"
      aria-labelledby={titleId}
      data-passed={report.passed}
      data-service={report.service}
    >
      <h2 id={titleId}>
        {report.contract.title} <span className="coverage-matrix__version">v{report.contract.version}</span>
      </h2>
      <p className="coverage-matrix__summary">
        {summary}
        {report.passed ? "." : ": below the threshold, so the test run fails."}
      </p>
      <p className="coverage-matrix__source">
        {report.projects.length > 0
          ? `From the last recorded run of: ${report.projects.join(", ")}. Gallery stories do not count.`
          : "No test run recorded yet: run `npm test`, then reload this page."}
      </p>
      {report.operations.length === 0 ? (
        <EmptyState
          headingLevel={3}
          title="Nothing to cover yet"
          description="The contract has no operations. Once it has, each of their declared responses is a pair to cover with a story or a test."
        />
      ) : (
        // A wide matrix scrolls in its own focusable region (axe's scrollable-region-focusable), as the rule allows.
        <div
          className="coverage-matrix__scroll"
          role="region"
          aria-label="Coverage by operation and status"
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
          tabIndex={0}
        >
          <table className="coverage-matrix__table">
            <caption className="visually-hidden">Coverage by operation and status</caption>
            <thead>
              <tr>
                <th scope="col">Operation</th>
                {statuses.map((status) => (
                  <th scope="col" key={status}>
                    {status}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {report.operations.map((operation) => {
                const byStatusCode = new Map(operation.statuses.map((pair) => [label(pair), pair]));
                return (
                  <tr key={operation.operationId}>
                    <th scope="row">
                      <span className="coverage-matrix__operation">{operation.operationId}</span>
                      <span className="coverage-matrix__request">
                        {operation.method.toUpperCase()} {operation.path}
                      </span>
                    </th>
                    {statuses.map((status) => {
                      const pair = byStatusCode.get(status);
                      if (!pair) return <td key={status} data-coverage="none" />;
                      const covered = pair.coveredBy.length > 0;
                      // Unsatisfiable: nothing to cover, not a gap.
                      if (pair.unsatisfiable === true && !covered) {
                        return (
                          <td
                            key={status}
                            data-coverage="none"
                            title="Unsatisfiable: its schema requires a value an empty enum forbids"
                          >
                            ∅<span className="visually-hidden"> unsatisfiable</span>
                          </td>
                        );
                      }
                      return (
                        <td
                          key={status}
                          data-coverage={covered ? "covered" : "missing"}
                          title={pair.coveredBy.join("\n") || undefined}
                        >
                          {covered ? `✓ ${pair.coveredBy.length}` : "✗"}
                          <span className="visually-hidden">
                            {covered
                              ? ` covered by ${pair.coveredBy.length === 1 ? "1 test" : `${pair.coveredBy.length} tests`}`
                              : " not covered"}
                          </span>
                        </td>
                      );
                    })}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

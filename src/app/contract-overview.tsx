import { useId } from "react";
import { EmptyState } from "@/components/empty-state";
import type { Manifest } from "@/api/manifest";
import "./contract-overview.css";

/**
 * What the API contract holds now: its title and version, and each operation.
 * With an empty contract it says so, and how to add the first operation.
 *
 * @example
 * ```tsx
 * <ContractOverview manifest={manifest} />
 * ```
 */
export function ContractOverview({ manifest }: { manifest: Manifest }) {
  const count = manifest.operations.length;
  const titleId = useId();
  return (
    <section className="contract-overview" aria-labelledby={titleId} data-operations={count}>
      <h2 id={titleId}>
        {manifest.title} <span className="contract-overview__version">v{manifest.version}</span>
      </h2>
      <p>
        OpenAPI {manifest.openapi} · {count} {count === 1 ? "operation" : "operations"} · {manifest.schemas.length}{" "}
        {manifest.schemas.length === 1 ? "schema" : "schemas"}
      </p>
      {count === 0 ? (
        <EmptyState
          headingLevel={3}
          title="No operations yet"
          description="The contract in openapi/openapi.yaml has no operations. Describe the first one under `paths` (with an operationId and every response), then run `npm run api`."
        />
      ) : (
        <table className="contract-overview__table">
          <caption className="visually-hidden">Operations in the contract</caption>
          <thead>
            <tr>
              <th scope="col">Method</th>
              <th scope="col">Path</th>
              <th scope="col">Operation</th>
              <th scope="col">Tags</th>
            </tr>
          </thead>
          <tbody>
            {manifest.operations.map((operation) => (
              <tr key={`${operation.method} ${operation.path}`}>
                <td>
                  <code data-method={operation.method}>{operation.method.toUpperCase()}</code>
                </td>
                <td>
                  <code>{operation.path}</code>
                </td>
                <td>{operation.operationId ?? operation.summary ?? "—"}</td>
                <td>{operation.tags.join(", ") || "—"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

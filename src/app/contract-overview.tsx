import { useId } from "react";
import { EmptyState } from "@/components/empty-state.tsx";
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from "@/components/table.tsx";
import type { Manifest } from "@contract-workbench/runtime/manifest";
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
        <Table>
          <TableCaption visuallyHidden>Operations in the contract</TableCaption>
          <TableHeader>
            <TableRow>
              <TableHead>Method</TableHead>
              <TableHead>Path</TableHead>
              <TableHead>Operation</TableHead>
              <TableHead>Tags</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {manifest.operations.map((operation) => (
              <TableRow key={`${operation.method} ${operation.path}`}>
                <TableCell>
                  <code data-method={operation.method}>{operation.method.toUpperCase()}</code>
                </TableCell>
                <TableCell>
                  <code>{operation.path}</code>
                </TableCell>
                <TableCell>{operation.operationId ?? operation.summary ?? "—"}</TableCell>
                <TableCell>{operation.tags.join(", ") || "—"}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </section>
  );
}

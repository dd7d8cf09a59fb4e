import type { ManifestOperation } from "@contract-workbench/runtime/manifest";

export interface OperationHeadingProps {
  id: string;
  operation: ManifestOperation;
  status: string;
  mediaType: string | undefined;
}

/** `getPet 200` over `GET /pets/{petId} · Find a pet · application/json`. */
export function OperationHeading({ id, operation, status, mediaType }: OperationHeadingProps) {
  return (
    <header className="operation-response__header">
      <h2 id={id}>
        {operation.operationId} <span className="operation-response__status">{status}</span>
      </h2>
      <p>
        <code data-method={operation.method}>
          {operation.method.toUpperCase()} {operation.path}
        </code>
        {operation.summary ? ` · ${operation.summary}` : null}
        {mediaType ? ` · ${mediaType}` : null}
      </p>
    </header>
  );
}

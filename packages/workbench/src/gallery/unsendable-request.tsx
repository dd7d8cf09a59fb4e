// A story whose operation no request can call as described: the contract's own defect, so nothing is sent.
import { useId } from "react";
import type { ManifestOperation } from "@contract-workbench/runtime/manifest";
import { OperationHeading } from "./operation-heading.tsx";
import { VerdictLine } from "./verdict.tsx";

export interface UnsendableRequestProps {
  operation: ManifestOperation;
  status: string;
  mediaType: string | undefined;
  /** The sample request's `unsendable`. */
  reasons: string[];
}

export function UnsendableRequest({ operation, status, mediaType, reasons }: UnsendableRequestProps) {
  const headingId = useId();
  return (
    <article className="operation-response" aria-labelledby={headingId}>
      <OperationHeading id={headingId} operation={operation} status={status} mediaType={mediaType} />
      <div className="operation-response__result" data-state="unsendable">
        <p>No request can keep the contract, so none is sent:</p>
        <ul>
          {reasons.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
      </div>
      <VerdictLine
        verdict={{
          kind: "none",
          why: "Unsendable: the contract's own defect, warned of by npm run api. Nothing was exchanged to check.",
        }}
      />
    </article>
  );
}

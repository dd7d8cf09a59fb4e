import { useId } from "react";
import type { Manifest } from "@contract-workbench/runtime/manifest";
import { operationGroups } from "../contract/records.ts";
import { sendableResponses } from "../contract/unsendable.ts";
import {
  EmptyState,
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "virtual:contract-workbench/product";
import "./gallery-overview.css";

export function galleryGroups(manifest: Manifest): string[] {
  return manifest.operations.map(operationGroups(manifest.operations));
}

export function GalleryOverview({ manifest }: { manifest: Manifest }) {
  const titleId = useId();
  const groups = Map.groupBy(manifest.operations, operationGroups(manifest.operations));
  // Those fetch cannot exchange (a 1xx status, TRACE) have no story.
  const responsesOf = (operations: Manifest["operations"]) =>
    operations.reduce((sum, operation) => sum + sendableResponses(operation), 0);
  const responses = responsesOf(manifest.operations);
  return (
    <section className="gallery-overview" aria-labelledby={titleId}>
      <h2 id={titleId}>Contract gallery</h2>
      <p>
        One story for every response the contract declares: each operation is called through the app&apos;s hooks and
        client, its fixture answers with one declared status, and the result is shown as data, an error or an empty
        body, with whether it matches the contract. The Scenario menu in the toolbar puts every answer in another state.
      </p>
      <p>
        In the default scenario the values are the contract&apos;s own examples wherever it gives them: the
        response&apos;s example, else the schema&apos;s, else each property&apos;s (in a list, the first item; the
        others vary around it). A value the contract gives no example for fits its field (a date, a person&apos;s name,
        an ISO country code, an address shaped like its siblings&apos;), and free text is English, chosen by the
        field&apos;s name (a problem&apos;s detail, a comment, a description), never lorem ipsum. <code>null</code> is
        shown as <code>null</code>.
      </p>
      {manifest.operations.length === 0 ? (
        <EmptyState
          headingLevel={3}
          title="No operations yet"
          description="The contract in openapi/openapi.yaml has no operations, so there is no response to show. Describe the first one under `paths` (with an operationId and every response), run `npm run api`, and its stories appear under Gallery, grouped by tag (by path when it has no tags)."
        />
      ) : (
        <>
          <p>
            {manifest.operations.length} {manifest.operations.length === 1 ? "operation" : "operations"} · {responses}{" "}
            {responses === 1 ? "response" : "responses"}, under Gallery in the sidebar:
          </p>
          <Table className="gallery-overview__table">
            <TableCaption visuallyHidden>Gallery stories by folder (tag, or path without tags)</TableCaption>
            <TableHeader>
              <TableRow>
                <TableHead>Folder</TableHead>
                <TableHead>Operations</TableHead>
                <TableHead>Responses</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {[...groups].map(([group, operations]) => (
                <TableRow key={group}>
                  <TableHead>{group}</TableHead>
                  <TableCell>{operations.length}</TableCell>
                  <TableCell>{responsesOf(operations)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </>
      )}
    </section>
  );
}

// Copied into src/features/notes/ of a scratch copy whose contract is the example
// contract (tests/contracts/example/openapi.yaml). It is what a developer writes the
// day the contract fills in: one hook call, the foundation components, no fetch code.
import { api } from "@/api/index.ts";
import { QueryBoundary } from "@/components/query-boundary.tsx";

export function NotesList() {
  const notes = api.useQuery("get", "/notes", { params: { query: { limit: 20 } } });
  return (
    <QueryBoundary query={notes}>
      {(items) => (
        <ul aria-label="Notes">
          {items.map((note) => (
            <li key={note.id}>{note.title}</li>
          ))}
        </ul>
      )}
    </QueryBoundary>
  );
}

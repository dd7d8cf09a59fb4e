// Copied into src/features/pets/ of a scratch copy whose contract is the gallery's test
// contract (tests/contracts/clinic/openapi.yaml), by packages/workbench/tests/storybook/gallery.e2e.test.ts: the
// hand-written code whose stories and tests the coverage report must count, exactly.
import { api } from "@/api/index.ts";
import { QueryBoundary } from "@/components/query-boundary.tsx";

export function PetsList() {
  const pets = api.useQuery("get", "/pets");
  return (
    <QueryBoundary query={pets} errorTitle="Couldn't load the patients">
      {(items) => (
        <ul aria-label="Patients">
          {items.map((pet, index) => (
            // Generated ids need not be unique, as real ones would be.
            <li key={`${pet.id}-${index}`}>{pet.name}</li>
          ))}
        </ul>
      )}
    </QueryBoundary>
  );
}

export function PetCard({ petId }: { petId: number }) {
  const pet = api.useQuery("get", "/pets/{petId}", { params: { path: { petId } } });
  return <QueryBoundary query={pet}>{(data) => <h2>{data.name}</h2>}</QueryBoundary>;
}

// A list that pages, written against the gallery's test contract (tests/contracts/clinic/,
// whose `GET /pets` pages through RFC 8288 `Link` headers): the component names the
// operation and a page size, and the contract's paging record does the rest (which page
// comes next, where the list ends). The product's contract is empty, so this lives here.
import type { ComponentPropsWithRef } from "react";
import { clinicManifest } from "./fixtures.ts";
import type { paging, paths } from "./generated/schema.d.ts";
import { createApiClient, createApiHooks } from "@contract-workbench/runtime";
import { Button, EmptyState, ErrorState, Spinner } from "../../../.storybook/product.ts";

// The product's own client and hooks, typed by the gallery's test contract.
const hooks = createApiHooks<paths, paging>(
  createApiClient<paths>({
    baseUrl: `${globalThis.location?.origin ?? "http://localhost"}/api`,
    operations: clinicManifest.operations,
  }),
  { manifest: clinicManifest },
);

export interface PetsPagesProps extends Omit<ComponentPropsWithRef<"section">, "children"> {
  /** How many pets a page holds (the contract's `limit`). */
  pageSize?: number;
}

/**
 * The clinic's patients a page at a time, with "Load more" until the last page; a page
 * that fails keeps what was loaded and offers a retry.
 *
 * @example
 * <PetsPages pageSize={2} />
 */
export function PetsPages({ pageSize = 2, ...props }: PetsPagesProps) {
  const pets = hooks.useInfiniteQuery("get", "/pets", { params: { query: { limit: pageSize } } });
  if (pets.isPending) return <Spinner label="Loading the patients…" />;
  if (pets.isError && pets.data === undefined)
    return <ErrorState error={pets.error} title="Couldn't load the patients" onRetry={() => void pets.refetch()} />;
  const pages = pets.data?.pages ?? [];
  const items = pages.flatMap((page) => page.data);
  if (items.length === 0)
    return <EmptyState title="No patients yet" description="Registered pets will be listed here." />;
  const total = pages[0]?.headers["X-Total-Count"];
  return (
    <section aria-labelledby="pets-pages-title" {...props}>
      <h2 id="pets-pages-title">Patients</h2>
      <p role="status">{total === undefined ? `${items.length} shown` : `${items.length} of ${total} shown`}</p>
      <ul aria-label="Patients">
        {items.map((pet, index) => (
          // Generated ids need not be unique, as real ones would be.
          <li key={`${pet.id}-${index}`}>
            {pet.name} <small>({pet.species})</small>
          </li>
        ))}
      </ul>
      {pets.isFetchNextPageError ? (
        <ErrorState
          error={pets.error}
          title="Couldn't load more patients"
          headingLevel={3}
          onRetry={() => void pets.fetchNextPage()}
        />
      ) : pets.hasNextPage ? (
        <Button variant="secondary" loading={pets.isFetchingNextPage} onClick={() => void pets.fetchNextPage()}>
          Load more
        </Button>
      ) : (
        <p>End of the list</p>
      )}
    </section>
  );
}

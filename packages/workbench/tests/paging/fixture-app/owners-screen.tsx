// Copied into src/features/owners/ of a scratch copy whose contract is the resources test
// contract (tests/contracts/pet-registry/openapi.yaml), and rendered beside the app, by
// packages/workbench/tests/paging/refresh-dev.e2e.test.ts: a list that pages and a form that creates, with no
// code that refreshes the list by hand: the hooks' default invalidation does it.
import { QueryClientProvider } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { api } from "@/api/index.ts";
import { createQueryClient } from "@contract-workbench/runtime";

function Owners() {
  const owners = api.useInfiniteQuery("get", "/owners", { params: { query: { limit: 100 } } });
  const create = api.useMutation("post", "/owners");
  const items = owners.data?.pages.flatMap((page) => page.data.items) ?? [];

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    create.mutate({ body: { name: String(form.get("name")), city: String(form.get("city")) } });
  }

  return (
    <section aria-label="Owners screen">
      <form aria-label="New owner" onSubmit={submit}>
        <label>
          Name <input name="name" required />
        </label>
        <label>
          City <input name="city" required />
        </label>
        <button type="submit">Add owner</button>
      </form>
      <ul aria-label="Owners">
        {items.map((owner) => (
          <li key={owner.id}>{owner.name}</li>
        ))}
      </ul>
      {owners.hasNextPage ? (
        <button type="button" onClick={() => void owners.fetchNextPage()}>
          Load more
        </button>
      ) : (
        <p>End of the list</p>
      )}
    </section>
  );
}

export function OwnersScreen() {
  const [client] = useState(() => createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <Owners />
    </QueryClientProvider>
  );
}

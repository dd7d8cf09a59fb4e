// A small screen over the resources test contract's owners, so that a story can show a
// whole flow against the stateful fixtures: create, see it listed, edit, delete.
import { useCallback, useEffect, useState, type ComponentPropsWithRef, type FormEvent } from "react";
import type { components, paths } from "./generated/schema.d.ts";
import { createApiClient } from "@contract-workbench/runtime";
import { Button, TextField } from "../../../.storybook/product.ts";

type Owner = components["schemas"]["Owner"];

// The product's own client, typed by the resources test contract, whose operations are not
// secured and take JSON: what the client does for operations its manifest does not list.
const client = createApiClient<paths>({
  baseUrl: `${globalThis.location?.origin ?? "http://localhost"}/api`,
  operations: [],
});

function field(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}

/**
 * Owners: the list (newest last), a form to add one, and per owner a rename and a delete.
 *
 * @example
 * <OwnersFlow />
 */
export function OwnersFlow(props: Omit<ComponentPropsWithRef<"section">, "children">) {
  const [owners, setOwners] = useState<Owner[] | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const [status, setStatus] = useState("");

  const [version, setVersion] = useState(0);
  const load = useCallback(() => setVersion((value) => value + 1), []);
  useEffect(() => {
    let live = true;
    void client.GET("/owners", { params: { query: { limit: 100 } } }).then(({ data }) => {
      if (live) setOwners(data?.items ?? []);
    });
    return () => {
      live = false;
    };
  }, [version]);

  async function create(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const element = event.currentTarget;
    const form = new FormData(element);
    const { data } = await client.POST("/owners", {
      body: { name: field(form, "name"), city: field(form, "city") },
    });
    element.reset();
    setStatus(data ? `Added ${data.name}` : "Could not add the owner");
    load();
  }

  async function rename(owner: Owner, event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const name = field(new FormData(event.currentTarget), "name");
    await client.PUT("/owners/{ownerId}", {
      params: { path: { ownerId: owner.id } },
      body: { name, city: owner.city },
    });
    setEditing(null);
    setStatus(`Renamed ${owner.name} to ${name}`);
    load();
  }

  async function remove(owner: Owner) {
    await client.DELETE("/owners/{ownerId}", { params: { path: { ownerId: owner.id } } });
    setStatus(`Deleted ${owner.name}`);
    load();
  }

  return (
    <section aria-labelledby="owners-title" data-count={owners?.length ?? 0} {...props}>
      <h2 id="owners-title">Owners</h2>
      <form aria-label="New owner" onSubmit={(event) => void create(event)}>
        <TextField label="Name" name="name" required />
        <TextField label="City" name="city" required />
        <Button type="submit">Add owner</Button>
      </form>
      <p role="status">{status}</p>
      {owners === null ? (
        <p>Loading…</p>
      ) : (
        <ul aria-label="Owners">
          {owners.map((owner) => (
            <li key={owner.id}>
              {editing === owner.id ? (
                <form aria-label={`Rename ${owner.name}`} onSubmit={(event) => void rename(owner, event)}>
                  <TextField label="New name" name="name" defaultValue={owner.name} required />
                  <Button type="submit" size="sm">
                    Save
                  </Button>
                </form>
              ) : (
                <>
                  <span>
                    {owner.name} ({owner.city})
                  </span>{" "}
                  <Button size="sm" variant="secondary" onClick={() => setEditing(owner.id)}>
                    Rename {owner.name}
                  </Button>{" "}
                  <Button size="sm" variant="danger" onClick={() => void remove(owner)}>
                    Delete {owner.name}
                  </Button>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

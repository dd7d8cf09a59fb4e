// Exercises getPet 200 (the default fixture) and getPet 404 (an override): two pairs.
import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fixtures } from "#mocks/fixtures.ts";
import { server } from "#mocks/node.ts";
import { createQueryClient } from "@contract-workbench/runtime";
import { PetCard } from "./pets-list.tsx";

function renderCard() {
  render(
    <QueryClientProvider client={createQueryClient({ retry: false })}>
      <PetCard petId={7} />
    </QueryClientProvider>,
  );
}

describe("PetCard", () => {
  it("shows the pet", async () => {
    renderCard();
    expect(await screen.findByRole("heading", { name: fixtures.fixture("getPet", 200).name })).toBeInTheDocument();
  });

  it("says when the pet is gone", async () => {
    server.use(fixtures.respond("getPet", 404));
    renderCard();
    expect(await screen.findByRole("alert")).toHaveTextContent("Not Found");
  });
});

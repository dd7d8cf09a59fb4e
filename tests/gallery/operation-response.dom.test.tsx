import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { server } from "#mocks/node.ts";
import { createQueryClient } from "@contract-workbench/runtime";
import { clinic } from "../contracts/clinic/fixtures.ts";
import { OperationResponse } from "#workbench/gallery/operation-response.tsx";

function show(...pairs: Array<[operationId: string, status: string]>) {
  render(
    <QueryClientProvider client={createQueryClient({ retry: false })}>
      {pairs.map(([operationId, status]) => (
        <OperationResponse key={operationId} source={clinic} operationId={operationId} status={status} />
      ))}
    </QueryClientProvider>,
  );
}

describe("OperationResponse", () => {
  it("calls the operation with valid arguments and shows its data, which matches the contract", async () => {
    let called: URL | undefined;
    server.use(
      http.get("*/owners/:ownerId/visits", ({ request }) => {
        called = new URL(request.url);
        return HttpResponse.json(clinic.fixture("listVisits", 200));
      }),
    );
    show(["listVisits", "200"]);
    expect(await screen.findByRole("table", { name: "Items" })).toBeInTheDocument();
    expect(called?.pathname).toMatch(/^\/owners\/own_[a-z0-9]{8}\/visits$/);
    expect(called?.searchParams.get("since")).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(await screen.findByText("Matches the contract (200, application/json).")).toBeInTheDocument();
  });

  it("names its tables' regions apart from another response's on the same page (a gallery batch)", async () => {
    server.use(clinic.respond("listPets", 200), clinic.respond("listVets", 200));
    show(["listPets", "200"], ["listVets", "200"]);
    // Both bodies are tables called "Response body"; axe's landmark-unique wants their regions named apart.
    expect(await screen.findByRole("region", { name: "listPets 200 › Response body" })).toBeInTheDocument();
    expect(await screen.findByRole("region", { name: "listVets 200 › Response body" })).toBeInTheDocument();
  });

  it("shows problem details through ErrorState", async () => {
    server.use(clinic.respond("getPet", 404));
    show(["getPet", "404"]);
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByRole("heading", { name: "Not Found" })).toBeInTheDocument();
    expect(screen.getByText("Matches the contract (404, application/problem+json).")).toBeInTheDocument();
  });

  it("shows a plain JSON error body below ErrorState", async () => {
    server.use(clinic.respond("listVisits", 403));
    show(["listVisits", "403"]);
    expect(await screen.findByRole("heading", { name: "You don't have access to this" })).toBeInTheDocument();
    expect(screen.getByText("Code")).toBeInTheDocument();
    expect(screen.getByText("Matches the contract (403, application/json).")).toBeInTheDocument();
  });

  it("shows an empty body as such", async () => {
    server.use(clinic.respond("deletePet", 204));
    show(["deletePet", "204"]);
    expect(await screen.findByRole("heading", { name: "No content" })).toBeInTheDocument();
    expect(screen.getByText("Matches the contract (204, no body, as declared).")).toBeInTheDocument();
  });

  it("reads a text body as text", async () => {
    server.use(clinic.respond("getPetNotes", 200));
    show(["getPetNotes", "200"]);
    expect(await screen.findByText(clinic.fixture("getPetNotes", 200))).toBeInTheDocument();
    expect(screen.getByText("Matches the contract (200, text/plain).")).toBeInTheDocument();
  });

  it("plays an event stream in order, each event's data shown, checks every event, and plays it again", async () => {
    const events = [
      { id: "1", data: { open: true, message: "The clinic opens at nine." } },
      { id: "2", data: { open: false, message: "Closed for lunch." } },
    ];
    let calls = 0;
    // Counts each call, then lets the override answer it.
    server.use(
      http.get("*/status/events", () => void (calls += 1)),
      clinic.respond("watchClinicStatus", 200, events),
    );
    show(["watchClinicStatus", "200"]);
    expect(await screen.findByText("Matches the contract (200, text/event-stream, 2 events).")).toBeInTheDocument();
    const list = screen.getByRole("list", { name: "Events of watchClinicStatus 200" });
    expect(
      within(list)
        .getAllByRole("listitem")
        .map((item) => item.getAttribute("data-index")),
    ).toEqual(["0", "1"]);
    expect(within(list).getByText("The clinic opens at nine.")).toBeInTheDocument();
    expect(within(list).getByText("Closed for lunch.")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Play again" }));
    await expect.poll(() => calls).toBe(2);
    expect(await screen.findByText("Matches the contract (200, text/event-stream, 2 events).")).toBeInTheDocument();
  });

  it("says which event breaks the item schema, and which does not hold the JSON declared", async () => {
    server.use(
      http.get(
        "*/status/events",
        () =>
          new HttpResponse('data: {"open":"yes","message":"m"}\n\ndata: not json\n\n', {
            headers: { "Content-Type": "text/event-stream" },
          }),
      ),
    );
    show(["watchClinicStatus", "200"]);
    expect(await screen.findByText("Does not match the contract:")).toBeInTheDocument();
    expect(screen.getByText('event 1, /data/open: expected type boolean, got "yes"')).toBeInTheDocument();
    expect(screen.getByText(/^event 2: its data is not JSON/, { selector: "li" })).toBeInTheDocument();
  });

  it("says so when what arrives breaks the contract", async () => {
    server.use(http.get("*/status", () => HttpResponse.json({ open: "yes" })));
    show(["getClinicStatus", "200"]);
    expect(await screen.findByText("Does not match the contract:")).toBeInTheDocument();
    expect(screen.getByText('/open: expected type boolean, got "yes"')).toBeInTheDocument();
  });

  it("says so when the answer has another status than the story's", async () => {
    server.use(clinic.respond("getOwner", 404));
    show(["getOwner", "default"]);
    expect(await screen.findByText("Does not match the contract:")).toBeInTheDocument();
    expect(screen.getByText("answered HTTP 404, which the contract does not declare as default")).toBeInTheDocument();
  });

  it("has nothing to check when no response arrives", async () => {
    server.use(http.get("*/pets/:petId", () => HttpResponse.error()));
    show(["getPet", "200"]);
    expect(await screen.findByRole("heading", { name: "Can't reach the server" })).toBeInTheDocument();
    expect(
      screen.getByText("No response arrived, so there is nothing to check against the contract."),
    ).toBeInTheDocument();
  });

  it("shows the headers the contract declares beside the body, as they arrived", async () => {
    server.use(clinic.respond("createPet", 201));
    show(["createPet", "201"]);
    const headers = await screen.findByRole("region", { name: "createPet 201 › Response headers" });
    expect(within(headers).getByText("Location")).toBeInTheDocument();
    const value = within(headers).getByText("Location").closest("div")?.querySelector("dd");
    expect(value).toHaveAttribute("data-sent", "true");
    expect(value?.textContent).toMatch(/\S/);
    expect(screen.getByText("Matches the contract (201, application/json).")).toBeInTheDocument();
  });

  it("says a required header did not arrive", async () => {
    server.use(http.post("*/pets", () => HttpResponse.json(clinic.fixture("createPet", 201), { status: 201 })));
    show(["createPet", "201"]);
    const headers = await screen.findByRole("region", { name: "createPet 201 › Response headers" });
    expect(within(headers).getByText("Not sent (the contract requires it)")).toBeInTheDocument();
  });
});

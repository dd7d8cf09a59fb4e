import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ResponseHeaders } from "./response-headers.tsx";

const LOCATION = {
  required: true,
  examples: ["https://downloads.elsewhere.example/a.zip"],
  schema: { type: "string" },
};

describe("ResponseHeaders", () => {
  it("says why a redirect's Location did not arrive, with the contract's example", () => {
    render(
      <ResponseHeaders declared={{ Location: LOCATION }} headers={new Headers()} status="302" place="download 302" />,
    );
    expect(
      screen.getByText(
        "Not sent by the mocks: a browser follows it, to where the contract says nothing. " +
          "The contract's example: https://downloads.elsewhere.example/a.zip",
      ),
    ).toBeInTheDocument();
  });

  it("says a required Location did not arrive on any other status", () => {
    render(
      <ResponseHeaders declared={{ Location: LOCATION }} headers={new Headers()} status="201" place="create 201" />,
    );
    expect(screen.getByText("Not sent (the contract requires it)")).toBeInTheDocument();
  });
});

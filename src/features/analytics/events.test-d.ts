import { describe, expectTypeOf, it } from "vitest";
import { track } from "./analytics.ts";
import type { AnalyticsEventName, AnalyticsEvents } from "./events.ts";
import type { Analytics } from "./pipeline.ts";

describe("the event catalogue", () => {
  it("declares exactly the product's events", () => {
    expectTypeOf<AnalyticsEventName>().toEqualTypeOf<"screen_view" | "login" | "sign_up" | "exception">();
    expectTypeOf<AnalyticsEvents["login"]>().toEqualTypeOf<{ method: "password" | "google.com" }>();
    expectTypeOf<AnalyticsEvents["exception"]>().toEqualTypeOf<{ description: string; fatal: boolean }>();
  });

  it("track() accepts a declared event with its parameters", () => {
    expectTypeOf(track<"login">).parameters.toEqualTypeOf<["login", { method: "password" | "google.com" }]>();
    track("login", { method: "password" });
    track("sign_up", { method: "google.com" });
    track("screen_view", { screen_name: "contract-status" });
    track("exception", { description: "api:network", fatal: false });
  });

  it("track() rejects an undeclared event", () => {
    // @ts-expect-error: not in the catalogue
    track("purchase", { value: 1 });
    // @ts-expect-error: names are exact
    track("Login", { method: "password" });
  });

  it("track() rejects wrong, missing or extra parameters", () => {
    // @ts-expect-error: a method the product does not have
    track("login", { method: "facebook" });
    // @ts-expect-error: parameters are required
    track("login");
    // @ts-expect-error: `fatal` is missing
    track("exception", { description: "api:network" });
    // @ts-expect-error: no personal data: there is no `email` parameter
    track("sign_up", { method: "password", email: "ada@example.com" });
    // @ts-expect-error: a screen that is not declared
    track("screen_view", { screen_name: "/notes/42" });
    // @ts-expect-error: another event's parameters
    track("screen_view", { method: "password" });
  });

  it("the pipeline's track() has the same signature", () => {
    expectTypeOf<Analytics["track"]>().toEqualTypeOf<typeof track>();
  });
});

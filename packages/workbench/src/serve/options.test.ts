import { describe, expect, it } from "vitest";
import { isLoopback, parseServeArgs, UsageError } from "./options.ts";

describe("npm run mock's options", () => {
  it("defaults to the product contract on 127.0.0.1:4010 in the default scenario", () => {
    expect(parseServeArgs([])).toEqual({ contract: undefined, host: "127.0.0.1", port: 4010, scenario: "default" });
  });

  it("reads each option spaced or with =", () => {
    expect(parseServeArgs(["--contract=clinic", "--port", "0", "--scenario=empty", "--host", "::1"])).toEqual({
      contract: "clinic",
      host: "::1",
      port: 0,
      scenario: "empty",
    });
  });

  it.each([
    [["--port", "70000"], "--port takes 0 to 65535, not 70000."],
    [["--port"], "--port needs a value."],
    [["--scenario", "sunny"], "--scenario sunny is not a scenario"],
    [["--verbose"], "--verbose is not an option."],
    [["clinic"], "clinic is not an option."],
  ])("refuses %j", (argv, says) => {
    expect(() => parseServeArgs(argv)).toThrow(UsageError);
    expect(() => parseServeArgs(argv)).toThrow(says);
  });

  it("tells loopback addresses from those other machines may reach", () => {
    expect(["127.0.0.1", "127.1.2.3", "::1", "localhost"].map(isLoopback)).toEqual([true, true, true, true]);
    expect(["0.0.0.0", "::", "192.168.1.5", "example.com"].map(isLoopback)).toEqual([false, false, false, false]);
  });
});

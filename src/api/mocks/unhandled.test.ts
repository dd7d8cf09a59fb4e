import { describe, expect, it } from "vitest";
import { isPageCodeRequest, isToolingRequest } from "./unhandled";

/** A request as MSW hands it over; `mode: "navigate"` cannot be set through the constructor. */
function request(url: string, mode?: RequestMode): Request {
  const made = new Request(url);
  if (mode) Object.defineProperty(made, "mode", { value: mode });
  return made;
}

describe("isToolingRequest", () => {
  it.each([
    ["a Vite module", "http://localhost:6006/src/components/button.tsx"],
    ["a prebundled dependency", "http://localhost:6006/node_modules/.vite/deps/react.js?v=1"],
    ["Vite's client", "http://localhost:6006/@vite/client"],
    ["Storybook's iframe", "http://localhost:6006/iframe.html?id=x"],
    ["Storybook's index", "http://localhost:6006/index.json"],
    ["a font", "http://localhost:6006/fonts/inter.woff2"],
    ["a stylesheet", "http://localhost:6006/assets/index.css"],
  ])("leaves %s alone", (_name, url) => {
    expect(isToolingRequest(request(url))).toBe(true);
  });

  it("leaves page navigations alone (reloading Storybook's manager page)", () => {
    expect(isToolingRequest(request("http://localhost:6006/?path=/story/x", "navigate"))).toBe(true);
  });

  it.each([
    "http://localhost:6006/things",
    "http://localhost:6006/api/v1/things/42?expand=owner",
    "https://api.example.test/things",
  ])("treats %s as an API call", (url) => {
    expect(isToolingRequest(request(url))).toBe(false);
  });
});

describe("isPageCodeRequest", () => {
  it("leaves an image or a font to the contract, which may declare it", () => {
    expect(isPageCodeRequest(request("http://localhost:6006/avatars/ada.png"))).toBe(false);
    expect(isToolingRequest(request("http://localhost:6006/avatars/ada.png"))).toBe(true);
  });

  it("never lets a module or a stylesheet reach the fixtures, whatever path template could match it", () => {
    expect(isPageCodeRequest(request("http://localhost:6006/src/main.tsx"))).toBe(true);
    expect(isPageCodeRequest(request("http://localhost:6006/assets/index.css"))).toBe(true);
  });
});

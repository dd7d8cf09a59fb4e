import { describe, expect, it } from "vitest";
import { forgetRequestDestination, recordRequestDestinations } from "./request-destination";
import { isPageCodeRequest, requestKind } from "./unhandled";

/** What MSW's worker posts to the page for each request it intercepts. */
function workerMessage(method: string, url: string, destination: string): MessageEvent {
  return new MessageEvent("message", { data: { type: "REQUEST", payload: { id: "1", method, url, destination } } });
}

describe("isPageCodeRequest", () => {
  it("leaves an image or a font to the contract, which may declare it", () => {
    expect(isPageCodeRequest(new Request("http://localhost:6006/avatars/ada.png"))).toBe(false);
    expect(requestKind(new Request("http://localhost:6006/avatars/ada.png"))).toBe("asset");
  });

  it("never lets a module or a stylesheet reach the fixtures, whatever path template could match it", () => {
    expect(isPageCodeRequest(new Request("http://localhost:6006/src/main.tsx"))).toBe(true);
    expect(isPageCodeRequest(new Request("http://localhost:6006/assets/index.css"))).toBe(true);
  });

  it("decides from the destination the worker reported, until MSW is done with the request", () => {
    const worker = new EventTarget();
    recordRequestDestinations(worker);
    // The page's origin (jsdom's) and another origin: the destination decides for both.
    const json = new Request(`${location.origin}/reports/2026.json`);
    const font = new Request("https://fonts.example.test/files/inter.json");
    expect(requestKind(json)).toBe("api");
    worker.dispatchEvent(workerMessage("GET", json.url, "script"));
    worker.dispatchEvent(workerMessage("GET", font.url, "font"));
    expect(isPageCodeRequest(json)).toBe(true);
    expect(isPageCodeRequest(font)).toBe(true);
    forgetRequestDestination(json);
    forgetRequestDestination(font);
    expect(requestKind(json)).toBe("api");
    worker.dispatchEvent(workerMessage("GET", json.url, ""));
    expect(requestKind(json)).toBe("api");
    forgetRequestDestination(json);
  });

  it("ignores the worker's other messages", () => {
    const worker = new EventTarget();
    recordRequestDestinations(worker);
    worker.dispatchEvent(new MessageEvent("message", { data: { type: "KEEPALIVE_RESPONSE" } }));
    worker.dispatchEvent(new MessageEvent("message", { data: { type: "REQUEST", payload: { url: 1 } } }));
    expect(requestKind(new Request(`${location.origin}/things`))).toBe("api");
  });
});

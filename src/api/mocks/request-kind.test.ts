import { describe, expect, it } from "vitest";
import { classifyRequest } from "./request-kind";

const PAGE = "http://localhost:6006";

/** A request as MSW hands it over; `mode: "navigate"` cannot be set through the constructor. */
function request(url: string, init: RequestInit & { navigate?: boolean } = {}): Request {
  const { navigate, ...rest } = init;
  const made = new Request(url, rest);
  if (navigate) Object.defineProperty(made, "mode", { value: "navigate" });
  return made;
}

describe("classifyRequest in the browser (the worker reported the destination)", () => {
  it.each([
    ["a module by its own extension", `${PAGE}/src/components/button.tsx`, "script"],
    ["a JSON module read as text", `${PAGE}/tests/gallery-contract/generated/contract.json?import&raw`, "script"],
    ["a stylesheet", `${PAGE}/src/styles/tokens.css`, "style"],
    ["a font a stylesheet asks for", `${PAGE}/node_modules/@fontsource-variable/inter/files/inter.woff2`, "font"],
    ["a font from another origin", "https://fonts.example.test/inter.woff2", "font"],
    ["a web worker", `${PAGE}/src/workers/parse.ts?worker_file&type=module`, "worker"],
    ["the web app manifest", `${PAGE}/manifest.webmanifest`, "manifest"],
    ["a JSON module by import attribute", `${PAGE}/data/tokens.json`, "json"],
    ["an image of the page", `${PAGE}/avatars/ada.png`, "image"],
    ["a frame", `${PAGE}/iframe.html?id=x&viewMode=story`, "iframe"],
  ])("lets %s through to the dev server", (_name, url, destination) => {
    expect(classifyRequest(request(url), { destination, pageOrigin: PAGE })).toBe("page");
  });

  it.each([
    ["Vite's client", `${PAGE}/@vite/client`],
    ["a file outside the root", `${PAGE}/@fs/work/repo/node_modules/.vite/deps/react.js?v=1`],
    ["a virtual module", `${PAGE}/@id/__x00__virtual:contract-coverage`],
    ["a virtual id", `${PAGE}/virtual:contract-gallery`],
    ["a prebundled dependency", `${PAGE}/node_modules/.vite/deps/react.js?v=1`],
    ["Storybook's story index", `${PAGE}/index.json`],
    ["Storybook's addons", `${PAGE}/sb-addons/common-manager-bundle.js`],
    ["a JSON module, asked for with fetch()", `${PAGE}/src/api/contract.json?import`],
    ["a raw import", `${PAGE}/openapi/README.md?raw`],
    ["an asset URL import", `${PAGE}/src/logo.svg?url`],
    ["an inline style import", `${PAGE}/src/x.css?inline`],
    ["a worker import", `${PAGE}/src/parse.ts?worker`],
  ])("lets %s through, whatever the destination says", (_name, url) => {
    expect(classifyRequest(request(url), { destination: "", pageOrigin: PAGE })).toBe("page");
  });

  it("lets Vite's reconnection ping through", () => {
    const ping = request(`${PAGE}/`, { headers: { Accept: "text/x-vite-ping" } });
    expect(classifyRequest(ping, { destination: "", pageOrigin: PAGE })).toBe("page");
  });

  it("lets a navigation through (reloading Storybook's manager page)", () => {
    expect(classifyRequest(request(`${PAGE}/?path=/story/x`, { navigate: true }), { pageOrigin: PAGE })).toBe("page");
  });

  it.each([
    ["an operation path ending .json", `${PAGE}/reports/2026.json`],
    ["an operation path ending .js", `${PAGE}/bundles/app.js`],
    ["an operation path ending .png", `${PAGE}/avatars/ada.png`],
    ["an operation path that looks like a module id", `${PAGE}/owners/sb-team`],
    ["an API on another origin", "https://api.example.test/things?expand=owner"],
    ["an API on another origin with a query Vite would use", "https://api.example.test/search?url=x&raw=1"],
    ["an API on another origin under /node_modules/", "https://registry.example.test/node_modules/react"],
  ])("treats fetch() of %s as a call the contract may describe", (_name, url) => {
    expect(classifyRequest(request(url), { destination: "", pageOrigin: PAGE })).toBe("api");
  });

  it("leaves an image from another origin to the contract first", () => {
    const avatar = request("https://avatars.example.test/u/42.png");
    expect(classifyRequest(avatar, { destination: "image", pageOrigin: PAGE })).toBe("asset");
  });

  it("treats a POST with a module-like query on another origin as an API call", () => {
    const post = request("https://api.example.test/files?import", { method: "POST", body: "{}" });
    expect(classifyRequest(post, { destination: "", pageOrigin: PAGE })).toBe("api");
  });
});

describe("classifyRequest without a destination (Node)", () => {
  it.each([
    ["a module", "http://localhost/src/main.tsx"],
    ["a stylesheet", "http://localhost/assets/index.css"],
    ["a source map", "http://localhost/assets/index.js.map"],
    ["Vite's client", "http://localhost/@vite/client"],
    ["a file", "file:///work/repo/src/main.tsx"],
  ])("judges %s page code by its URL", (_name, url) => {
    expect(classifyRequest(request(url))).toBe("page");
  });

  it("leaves images and fonts to the contract first", () => {
    expect(classifyRequest(request("http://localhost/avatars/ada.png"))).toBe("asset");
    expect(classifyRequest(request("http://localhost/fonts/inter.woff2"))).toBe("asset");
  });

  it.each(["http://localhost/things", "http://localhost/api/v1/things/42?expand=owner", "http://localhost/data.json"])(
    "treats %s as an API call",
    (url) => {
      expect(classifyRequest(request(url))).toBe("api");
    },
  );

  it("does not take a Vite-like query for a module request when there is no page", () => {
    expect(classifyRequest(request("http://localhost/search?url=x"))).toBe("api");
  });
});

import { createReadStream, existsSync, statSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { extname, join, normalize } from "node:path";
import { chromium, type Browser } from "playwright";
import { CHROMIUM_ARGS, findChromium, MISSING_CHROMIUM } from "./chromium.ts";

/** The system Chromium, headless, as the browser tests start it. */
export async function launchChromium(): Promise<Browser> {
  const executablePath = findChromium();
  if (!executablePath) throw new Error(MISSING_CHROMIUM);
  return chromium.launch({ executablePath, args: CHROMIUM_ARGS, headless: true });
}

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".svg": "image/svg+xml",
  ".woff2": "font/woff2",
};

/**
 * Serves a folder under a URL prefix on 127.0.0.1, as any static host would serve
 * a build deployed to a sub-path. Anything outside the prefix is a 404.
 */
export async function serveStatic(root: string, prefix: string): Promise<{ url: string; server: Server }> {
  const server = createServer((request, response) => {
    const { pathname } = new URL(request.url ?? "/", "http://localhost");
    const inside = pathname.startsWith(prefix) ? normalize(pathname.slice(prefix.length)) : null;
    let file = inside === null || inside.startsWith("..") ? null : join(root, inside);
    if (file && existsSync(file) && statSync(file).isDirectory()) file = join(file, "index.html");
    if (!file || !existsSync(file)) {
      response.writeHead(404).end("not found");
      return;
    }
    response.writeHead(200, { "Content-Type": TYPES[extname(file)] ?? "application/octet-stream" });
    createReadStream(file).pipe(response);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}${prefix}`, server };
}

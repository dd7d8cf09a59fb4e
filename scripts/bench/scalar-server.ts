/**
 * Scalar's mock server as its documentation starts it (`createMockServer` from
 * `@scalar/mock-server` on `@hono/node-server`'s `serve`), for `npm run bench:mock-server`:
 * `node scripts/bench/scalar-server.ts <document> <port>`, on 127.0.0.1 only, its own defaults
 * otherwise (requests validated). Prints `scalar: listening` once it answers; a document it
 * cannot serve ends it with exit code 1 and one line saying why.
 */
import { serve } from "@hono/node-server";
import { createMockServer } from "@scalar/mock-server";

const [document, port] = process.argv.slice(2);
if (document === undefined || !/^\d+$/.test(port ?? "")) {
  console.error("usage: node scripts/bench/scalar-server.ts <openapi document> <port>");
  process.exit(1);
}
try {
  // `logger: false`: no startup instructions for the document's security schemes.
  const app = await createMockServer({ document, logger: false });
  serve({ fetch: app.fetch, port: Number(port), hostname: "127.0.0.1" }, (info) =>
    console.log(`scalar: listening on ${info.address}:${info.port}`),
  );
} catch (error) {
  const message = error instanceof Error ? error.message : String(error);
  console.error(`scalar: cannot serve ${document}: ${message.split("\n")[0]}`);
  process.exit(1);
}

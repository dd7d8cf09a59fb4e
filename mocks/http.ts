import { createOpenApiHttp } from "openapi-msw";
import type { paths } from "@/api/schema.d.ts";

/**
 * MSW's `http`, typed by the contract: only paths and methods the contract
 * declares compile, and `response(status).json(body)` only accepts the body the
 * contract declares for that status. Matches any origin (`*`), so the same
 * fixtures answer in Storybook, in tests and in the app, wherever the API lives.
 *
 * @example
 * http.get("/things/{id}", ({ params, response }) =>
 *   response(200).json({ id: params.id, name: "A thing" }),
 * );
 */
export const http = createOpenApiHttp<paths>({ baseUrl: "*" });

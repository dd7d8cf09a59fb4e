import { join, resolve } from "node:path";

/**
 * The public contracts kept beside the repository, not in it (Petstore, GitHub, OpenAI,
 * DigitalOcean): `SHARED_SPECS`, else `../shared/specs/`. The tests and benchmarks that try a
 * real contract read them from here, and skip when the file is absent (as beside a scratch copy).
 */
export const SHARED_SPECS =
  process.env.SHARED_SPECS ?? join(resolve(import.meta.dirname, ".."), "..", "shared", "specs");

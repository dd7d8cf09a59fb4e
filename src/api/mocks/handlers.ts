import type { AnyHandler } from "msw";

/**
 * The default fixtures: what each operation of the contract answers in Storybook,
 * in tests and in the app's mock mode. Write them with `http` from `./http`, which
 * is typed by the contract, so a fixture of the wrong shape does not compile.
 *
 * The contract has no operations yet, so there is nothing to answer: any request
 * the app makes fails loudly as unhandled (see `./unhandled`).
 */
export const handlers: AnyHandler[] = [];

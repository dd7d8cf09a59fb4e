// `npm run mock`'s arguments. A bad argument is a one-line error naming it, never a stack trace.
import { isScenario, SCENARIO_NAMES, type Scenario } from "../fixtures/scenarios.ts";

export interface ServeOptions {
  /** The registry's name of the contract served (contracts.config.ts); the product's when absent. */
  contract: string | undefined;
  host: string;
  port: number;
  scenario: Scenario;
}

export const USAGE =
  "usage: npm run mock -- [--contract <name>] [--port <number>] [--host <address>] [--scenario <name>]";

/** Thrown for an argument `npm run mock` does not take; its message names it. */
export class UsageError extends Error {}

/** The options `argv` (the arguments after the script's name) sets. */
export function parseServeArgs(argv: readonly string[]): ServeOptions {
  const options: ServeOptions = { contract: undefined, host: "127.0.0.1", port: 4010, scenario: "default" };
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index] ?? "";
    const [flag, inline] = arg.startsWith("--") && arg.includes("=") ? arg.split(/=(.*)/s, 2) : [arg, undefined];
    const value = (): string => {
      const next = inline ?? argv[++index];
      if (next === undefined || next === "") throw new UsageError(`${flag} needs a value.`);
      return next;
    };
    switch (flag) {
      case "--contract":
        options.contract = value();
        break;
      case "--host":
        options.host = value();
        break;
      case "--port": {
        const text = value();
        const port = Number(text);
        if (!/^\d+$/.test(text) || port > 65535) throw new UsageError(`--port takes 0 to 65535, not ${text}.`);
        options.port = port;
        break;
      }
      case "--scenario": {
        const name = value();
        if (!isScenario(name))
          throw new UsageError(`--scenario ${name} is not a scenario; the scenarios are ${SCENARIO_NAMES.join(", ")}.`);
        options.scenario = name;
        break;
      }
      default:
        throw new UsageError(`${arg} is not an option.`);
    }
  }
  return options;
}

/** Whether an address stays on this machine (the server warns when it listens anywhere else). */
export function isLoopback(host: string): boolean {
  return host === "localhost" || host === "::1" || /^127\.\d+\.\d+\.\d+$/.test(host);
}

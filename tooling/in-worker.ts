// A test's work that must end, run where a never-ending loop cannot hold the test runner: a
// synchronous loop in a test blocks Vitest's worker, so no test timeout fires while it runs.
import { Worker } from "node:worker_threads";

/**
 * Runs `code`, the text of an ES module, in a worker thread and resolves with the first value it
 * posts (`parentPort.postMessage`); rejects with `what` when nothing came within `deadline`
 * milliseconds (the worker stopped) or when the module threw. The module imports what it tests
 * by file URL (`new URL("./form-encoding.ts", import.meta.url).href`): Node strips the types.
 *
 * @example
 * const length = await inWorker<number>(`import { parentPort } from "node:worker_threads"; …`, 30_000, "the grouping");
 */
export function inWorker<T>(code: string, deadline: number, what: string): Promise<T> {
  const worker = new Worker(new URL(`data:text/javascript,${encodeURIComponent(code)}`));
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new Error(`${what} did not finish within ${deadline / 1000} s`));
      void worker.terminate();
    }, deadline);
    worker.once("message", (value: T) => {
      clearTimeout(timer);
      resolve(value);
      void worker.terminate();
    });
    worker.once("error", (error: Error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}

// The operations a request for an unknown path most likely meant, for the 404 that names them.
import type { ManifestOperation } from "@contract-workbench/runtime/manifest";
import { editDistance } from "../contract/edit-distance.ts";

/** A template with each `{name}` as one character, so that a value in its place costs little. */
function shape(path: string): string {
  return path.replace(/\{[^}]+\}/g, "*");
}

/** The request's path with each segment that looks like a value (a number, an id) as one character. */
function requestShape(path: string): string {
  return path
    .split("/")
    .map((segment) => (/^[\d-]+$|^[0-9a-f-]{16,}$/i.test(segment) ? "*" : segment))
    .join("/");
}

/** The `count` operations whose path is nearest the request's, as `METHOD /path (operationId)`, same method first. */
export function closestOperations(
  operations: readonly ManifestOperation[],
  method: string,
  path: string,
  count = 3,
): string[] {
  const wanted = requestShape(path.toLowerCase());
  return operations
    .map((op) => {
      const template = shape((op.path.split("#")[0] ?? op.path).toLowerCase());
      // The API may live under a prefix (`/api/v3`): compare with the end of the request's path too.
      const tail = wanted.slice(Math.max(0, wanted.length - template.length - 8));
      // A path may be 16 KB: its start a little longer than the template, plus one edit per character beyond it.
      const head = wanted.slice(0, template.length + 16);
      const whole = editDistance(template, head) + wanted.length - head.length;
      const distance = Math.min(whole, editDistance(template, tail) + 1);
      return { op, score: distance * 2 + (op.method.toUpperCase() === method ? 0 : 1) };
    })
    .sort((a, b) => a.score - b.score)
    .slice(0, count)
    .map(({ op }) => `${op.method.toUpperCase()} ${op.path} (${op.operationId})`);
}

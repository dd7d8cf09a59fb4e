import type { ManifestOperation } from "../manifest-types";
import { define } from "./own";

export interface OperationMatch {
  operation: ManifestOperation;
  /** The path parameters, decoded. */
  params: Record<string, string>;
}

interface Candidate {
  operation: ManifestOperation;
  pattern: RegExp;
  names: string[];
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Literal segments before parameters: `/notes/mine` is tried before `/notes/{id}`. */
function specificity(path: string): [number, number] {
  const segments = path.split("/").filter(Boolean);
  return [segments.filter((segment) => !segment.includes("{")).length, segments.length];
}

/** Sorts operations so that the most specific path comes first (MSW answers with the first handler that matches). */
export function bySpecificity<T extends { path: string }>(operations: readonly T[]): T[] {
  return [...operations].sort((a, b) => {
    const [literalA, lengthA] = specificity(a.path);
    const [literalB, lengthB] = specificity(b.path);
    return literalB - literalA || lengthB - lengthA;
  });
}

/**
 * Finds the operation a request is for, by method and path. The API may live under
 * any prefix (`VITE_API_BASE_URL`, a server URL such as `/api/v3`), so the path
 * template is matched against the end of the request's path.
 *
 * @example
 * const match = createOperationMatcher(manifest.operations);
 * match("GET", "https://api.example.test/v1/notes/n1"); // { operation: getNote, params: { id: "n1" } }
 */
export function createOperationMatcher(operations: readonly ManifestOperation[]) {
  const byMethod = new Map<string, Candidate[]>();
  for (const operation of bySpecificity(operations)) {
    const names: string[] = [];
    const body = operation.path
      .split(/(\{[^}]+\})/)
      .map((part) => {
        const name = /^\{([^}]+)\}$/.exec(part)?.[1];
        if (name === undefined) return escape(part);
        names.push(name);
        return "([^/]+)";
      })
      .join("");
    const list = byMethod.get(operation.method.toUpperCase()) ?? [];
    list.push({ operation, pattern: new RegExp(`^(?:/.*)?${body}/?$`), names });
    byMethod.set(operation.method.toUpperCase(), list);
  }

  return function match(method: string, url: string): OperationMatch | undefined {
    const { pathname } = new URL(url);
    for (const candidate of byMethod.get(method.toUpperCase()) ?? []) {
      const found = candidate.pattern.exec(pathname);
      if (!found) continue;
      const params: Record<string, string> = {};
      candidate.names.forEach((name, index) => {
        define(params, name, decodeURIComponent(found[index + 1] ?? ""));
      });
      return { operation: candidate.operation, params };
    }
    return undefined;
  };
}

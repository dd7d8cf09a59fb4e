import type { Drift } from "./drift-check.ts";

export interface DriftEntry extends Drift {
  count: number;
}

/** Once per operation × status × place × pointer; `add` returns the ones seen for the first time, to log once. */
export function createDriftReport() {
  const entries = new Map<string, DriftEntry>();
  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((listener) => listener());
  return {
    add(drifts: readonly Drift[]): DriftEntry[] {
      const fresh: DriftEntry[] = [];
      for (const drift of drifts) {
        const key = [drift.operationId, drift.status ?? "", drift.place, drift.pointer].join("\u0000");
        const known = entries.get(key);
        if (known) known.count += 1;
        else {
          const entry = { ...drift, count: 1 };
          entries.set(key, entry);
          fresh.push(entry);
        }
      }
      if (drifts.length > 0) notify();
      return fresh;
    },
    entries(): DriftEntry[] {
      return [...entries.values()].map((entry) => ({ ...entry }));
    },
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Something else the listeners show has changed (an answer recorded). */
    touch: notify,
    clear(): void {
      entries.clear();
      notify();
    },
  };
}

export type DriftReport = ReturnType<typeof createDriftReport>;

/** `GET /pets/{id} (getPet) → 200 response body at /name: expected type string, got 42 (×3)`. */
export function formatDrift(entry: DriftEntry): string {
  const at = entry.pointer === "" ? "" : ` at ${entry.pointer}`;
  const status = entry.status === undefined ? "" : ` → ${entry.status}`;
  const times = entry.count > 1 ? ` (×${entry.count})` : "";
  return `${entry.method} ${entry.path} (${entry.operationId})${status} ${entry.place}${at}: expected ${entry.expected}, got ${entry.actual}${times}`;
}

const COLUMNS = ["operation", "status", "place", "pointer", "expected", "actual", "count"] as const;

export function formatDriftTable(entries: readonly DriftEntry[]): string {
  const rows = entries.map((entry) => [
    `${entry.method} ${entry.path}`,
    entry.status ?? "",
    entry.place,
    entry.pointer,
    entry.expected,
    entry.actual,
    String(entry.count),
  ]);
  return alignedTable(COLUMNS, rows, true).join("\n");
}

/** Columns as wide as their widest cell, two spaces apart; `ruled` underlines the header. */
export function alignedTable(header: readonly string[], rows: readonly (readonly string[])[], ruled = false): string[] {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]?.length ?? 0)));
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, column) => cell.padEnd(widths[column] ?? 0))
      .join("  ")
      .trimEnd();
  return [line(header), ...(ruled ? [line(widths.map((width) => "-".repeat(width)))] : []), ...rows.map(line)];
}

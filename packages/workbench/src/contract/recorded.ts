// mocks/recorded/recorded.json: written by `npm run fixtures:import`, replayed by the `recorded` scenario.

export interface RecordedAnswer {
  status: number;
  /** "" for no body. */
  mediaType: string;
  /** Parsed when JSON, credentials removed; null for none. */
  body: unknown;
}

export type Recording = Record<string, RecordedAnswer>;

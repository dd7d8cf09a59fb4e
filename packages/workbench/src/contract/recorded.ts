// The shape of recorded answers (mocks/recorded/recorded.json): what a real server sent that kept the
// contract, written by `npm run fixtures:import` (../drift), replayed by the fixtures' `recorded` scenario.

export interface RecordedAnswer {
  /** The HTTP status as sent (200, 404…). */
  status: number;
  /** The Content-Type as sent; "" for no body. */
  mediaType: string;
  /** The body, parsed when JSON, with every credential removed; null for none. */
  body: unknown;
}

/** By operationId. */
export type Recording = Record<string, RecordedAnswer>;

// The `Prefer` header's choices of answer: Prism's (`code=404`, `example=cat`) and ours (`scenario=empty`).

export interface Preference {
  code?: string;
  example?: string;
  scenario?: string;
}

/** The choices a `Prefer` header makes (RFC 7240: comma-separated `name=value`, values maybe quoted). */
export function readPrefer(header: string | null): Preference {
  const preference: Preference = {};
  for (const part of header?.split(",") ?? []) {
    const match = /^\s*(code|example|scenario)\s*=\s*(?:"([^"]*)"|([^\s;,]*))/i.exec(part);
    if (!match) continue;
    const name = (match[1] ?? "").toLowerCase() as keyof Preference;
    preference[name] = match[2] ?? match[3] ?? "";
  }
  return preference;
}

// Values that look like what a property's name says, where its schema leaves the
// choice open: a `created_at` without a format is still a time, a `userId` an id.
// Every value is drawn from faker's seeded generator, so it is the same on every run;
// the caller keeps one only when it fits the schema.
import { faker } from "@faker-js/faker/locale/en";

/** Dates are drawn from a fixed window, never relative to today: the data must not change from day to day. */
const FROM = "2019-01-01T00:00:00.000Z";
const TO = "2026-06-30T00:00:00.000Z";

/**
 * A property name as words joined by `_`, lower case: `createdAt`, `created-at` and
 * `CREATED_AT` all read `created_at`.
 *
 * @example
 * snakeName("dateOfBirth"); // "date_of_birth"
 */
export function snakeName(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .replace(/[^A-Za-z0-9]+/g, "_")
    .toLowerCase();
}

/** A time (`…_at`, `created`, `updated`, `timestamp`) or a day (`…_date`, `…_on`, `birthday`), by name. */
export function dateKind(name: string): "date-time" | "date" | undefined {
  const key = snakeName(name);
  if (/(^|_)(at|time|timestamp|created|updated|modified|deleted|expires|expiry)$/.test(key)) return "date-time";
  if (/(^|_)(date|on|birthday|birthdate|dob)$/.test(key) || /^date(_|$)/.test(key)) return "date";
  return undefined;
}

/**
 * A date or time string for a date-like property name, or undefined for any other name.
 *
 * @example
 * dateFor("created_at"); // "2023-04-17T09:12:44Z"
 * dateFor("birthday"); // "1987-11-02" (within the fixed window)
 */
export function dateFor(name: string): string | undefined {
  const kind = dateKind(name);
  if (kind === undefined) return undefined;
  const iso = faker.date
    .between({ from: FROM, to: TO })
    .toISOString()
    .replace(/\.\d{3}Z$/, "Z");
  return kind === "date" ? iso.slice(0, 10) : iso;
}

/** `id`, `user_id`, `userId`, `ids`' items: names of identifiers. */
export function isIdName(name: string): boolean {
  return /(^|_)(id|uid|uuid|key|ref)$/.test(snakeName(name));
}

/**
 * A positive integer for an integer id, within the schema's bounds, or undefined when
 * the bounds leave no positive value or the schema asks for a multiple.
 *
 * @example
 * integerIdFor({ type: "integer", minimum: 1 }); // 48213
 */
export function integerIdFor(schema: Record<string, unknown>): number | undefined {
  if (schema.multipleOf !== undefined) return undefined;
  const num = (value: unknown) => (typeof value === "number" ? value : undefined);
  const min = Math.max(1, Math.ceil(num(schema.minimum) ?? 1), Math.floor(num(schema.exclusiveMinimum) ?? 0) + 1);
  const max = Math.min(
    Math.floor(num(schema.maximum) ?? 999_999),
    Math.ceil(num(schema.exclusiveMaximum) ?? 1_000_000) - 1,
    999_999,
  );
  return min > max ? undefined : faker.number.int({ min, max });
}

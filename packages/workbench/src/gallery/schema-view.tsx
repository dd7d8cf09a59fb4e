import type { ReactNode } from "react";
import type { JsonSchema } from "../contract/contract-types.ts";
import { own } from "../contract/own.ts";
import { isRecord } from "../contract/records.ts";
import { fieldsOf, labelOf, namedFields, shapeOf, type Shape } from "./schema-shape.ts";
import "./schema-view.css";

export interface SchemaViewProps {
  value: unknown;
  /** Without one the value's own structure is shown. */
  schema?: JsonSchema | undefined;
  schemas?: Readonly<Record<string, JsonSchema>>;
  /** Names a top-level table or list for assistive technology ("Response body"). */
  label: string;
  /** When one page shows several views ("getPet 200"): it begins every table region's name. */
  place?: string | undefined;
}

/** So that a `many` scenario stays quick to render. */
export const MAX_ROWS = 100;
/** Nesting beyond this is shown as JSON: recursive data would otherwise render forever. */
const MAX_DEPTH = 6;

const NO_SCHEMAS: Readonly<Record<string, JsonSchema>> = {};

const dateTime = new Intl.DateTimeFormat("en", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
const date = new Intl.DateTimeFormat("en", { dateStyle: "medium", timeZone: "UTC" });
// Integers (ids, counts) as they are; fractions as a screen would round them.
const fraction = new Intl.NumberFormat("en", { maximumFractionDigits: 3, useGrouping: false });

interface Context {
  schemas: Readonly<Record<string, JsonSchema>>;
  depth: number;
  /** Inside a table cell: nested objects inline, so columns stay readable. */
  compact: boolean;
  /** Where the value is, in words: the labels of the fields, items and rows around it. */
  trail: string[];
}

/** A table's region needs a name unique on the page (axe's landmark-unique). */
function regionName(trail: string[], label: string): string {
  const names = trail.at(-1) === label ? trail : [...trail, label];
  return names.join(" › ");
}

function Absent() {
  return (
    <span className="schema-view__none">
      <span aria-hidden="true">—</span>
      <span className="visually-hidden">not given</span>
    </span>
  );
}

function Scalar({ value, shape }: { value: unknown; shape: Shape }) {
  // `null` as the API sends it, not a word a screen might show.
  if (value === null) return <span className="schema-view__null">null</span>;
  if (value === undefined) return <Absent />;
  if (typeof value === "boolean") return <span className="schema-view__boolean">{value ? "Yes" : "No"}</span>;
  if (typeof value === "number") {
    return (
      <span className="schema-view__number">{Number.isInteger(value) ? String(value) : fraction.format(value)}</span>
    );
  }
  if (typeof value !== "string") return <code>{JSON.stringify(value)}</code>;
  if (shape.enum) return <span className="schema-view__enum">{value}</span>;
  if (shape.format === "date-time" || shape.format === "date") {
    const parsed = new Date(value);
    if (!Number.isNaN(parsed.getTime())) {
      const text = shape.format === "date" ? date.format(parsed) : `${dateTime.format(parsed)} UTC`;
      return <time dateTime={value}>{text}</time>;
    }
  }
  if (shape.format === "email") return <a href={`mailto:${value}`}>{value}</a>;
  if (
    (shape.format === "uri" || shape.format === "url" || shape.format === undefined) &&
    /^https?:\/\/\S+$/.test(value)
  ) {
    return (
      <a href={value} target="_blank" rel="noreferrer">
        {value}
      </a>
    );
  }
  return <span className="schema-view__text">{value}</span>;
}

interface PartProps {
  value: unknown;
  schema: JsonSchema | undefined;
  label: string;
  context: Context;
}

function Value({ value, schema, label, context }: PartProps) {
  const shape = shapeOf(schema, value, context.schemas);
  if (context.depth > MAX_DEPTH && (isRecord(value) || Array.isArray(value)))
    return <code className="schema-view__json">{JSON.stringify(value)}</code>;
  if (Array.isArray(value)) return <List items={value} shape={shape} label={label} context={context} />;
  if (isRecord(value)) return <Fields value={value} shape={shape} context={context} />;
  return <Scalar value={value} shape={shape} />;
}

function Fields({ value, shape, context }: { value: Record<string, unknown>; shape: Shape; context: Context }) {
  const fields = fieldsOf(shape, value);
  if (fields.length === 0) return <span className="schema-view__none">No fields</span>;
  return (
    <dl className={context.compact ? "schema-view__fields schema-view__fields--compact" : "schema-view__fields"}>
      {fields.map(([name, schema]) => {
        const label = labelOf(name, shapeOf(schema, value[name], context.schemas).title);
        // The key, not the schema's title: two properties may share a title (GitHub's `commit`), never a key.
        const inner = { ...context, depth: context.depth + 1, trail: [...context.trail, labelOf(name)] };
        return (
          <div className="schema-view__field" key={name}>
            <dt>{label}</dt>
            <dd>
              <Value value={value[name]} schema={schema} label={label} context={inner} />
            </dd>
          </div>
        );
      })}
    </dl>
  );
}

function List({ items, shape, label, context }: { items: unknown[]; shape: Shape; label: string; context: Context }) {
  if (items.length === 0) return <span className="schema-view__none">No items</span>;
  if (items.every(isRecord)) return <Table rows={items} itemSchema={shape.items} label={label} context={context} />;
  const shown = items.slice(0, MAX_ROWS);
  return (
    <>
      <ul className="schema-view__list" aria-label={label}>
        {shown.map((item, index) => (
          <li key={index}>
            <Value
              value={item}
              schema={shape.items}
              label={`${label} ${index + 1}`}
              context={{ ...context, depth: context.depth + 1, trail: [...context.trail, `${label} ${index + 1}`] }}
            />
          </li>
        ))}
      </ul>
      <More shown={shown.length} total={items.length} />
    </>
  );
}

function More({ shown, total }: { shown: number; total: number }) {
  if (shown === total) return null;
  return (
    <p className="schema-view__more">
      Showing the first {shown} of {total}.
    </p>
  );
}

/** Lists of scalars joined, lists of objects counted. */
function Cell({ value, schema, label, context }: PartProps) {
  if (Array.isArray(value)) {
    if (value.length > 0 && value.every((item) => !isRecord(item) && !Array.isArray(item))) {
      return (
        <span className="schema-view__text">
          {value.map((item) => (item === null ? "null" : String(item))).join(", ")}
        </span>
      );
    }
    if (value.some(isRecord)) return <span>{value.length === 1 ? "1 item" : `${value.length} items`}</span>;
  }
  return <Value value={value} schema={schema} label={label} context={context} />;
}

function Table({
  rows,
  itemSchema,
  label,
  context,
}: {
  rows: Array<Record<string, unknown>>;
  itemSchema: JsonSchema | undefined;
  label: string;
  context: Context;
}) {
  const shown = rows.slice(0, MAX_ROWS);
  // One shape for the columns, from the first row; each cell resolves its own value.
  const shape = shapeOf(itemSchema, rows[0], context.schemas);
  const columns = namedFields(shape, [...new Set(shown.flatMap((row) => Object.keys(row)))]);
  const inner = { ...context, depth: context.depth + 1, compact: true };
  return (
    <>
      {/* A wide table scrolls in its own focusable region (axe's scrollable-region-focusable), as the rule allows. */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
      <div className="schema-view__scroll" role="region" aria-label={regionName(context.trail, label)} tabIndex={0}>
        <table className="schema-view__table">
          {/* Inside a field, the field's label already says what the table is. */}
          <caption className={context.depth > 0 ? "visually-hidden" : undefined}>{label}</caption>
          <thead>
            <tr>
              {columns.map(([name, schema]) => (
                <th scope="col" key={name}>
                  {labelOf(name, shapeOf(schema, own(rows[0], name), context.schemas).title)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {shown.map((row, index) => (
              <tr key={index}>
                {columns.map(([name, schema]) => (
                  <td key={name}>
                    {Object.hasOwn(row, name) ? (
                      <Cell
                        value={row[name]}
                        schema={schema}
                        label={labelOf(name)}
                        context={{ ...inner, trail: [...context.trail, label, `row ${index + 1}`, labelOf(name)] }}
                      />
                    ) : (
                      <Absent />
                    )}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <More shown={shown.length} total={rows.length} />
    </>
  );
}

/** Any JSON value as its schema describes it; generic, as the gallery shows responses before any screen exists. */
export function SchemaView({ value, schema, schemas = NO_SCHEMAS, label, place }: SchemaViewProps): ReactNode {
  const context: Context = { schemas, depth: 0, compact: false, trail: place ? [place] : [] };
  return (
    <div className="schema-view">
      <Value value={value} schema={schema} label={label} context={context} />
    </div>
  );
}

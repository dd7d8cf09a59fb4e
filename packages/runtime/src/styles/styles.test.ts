import fc from "fast-check";
import { createQuerySerializer, defaultPathSerializer } from "openapi-fetch";
import { describe, expect, it } from "vitest";
import type { FieldEncoding } from "../manifest-types.ts";
import { formFields, groupForm, isJsonType, urlEncoded } from "./form-encoding.ts";
import { styledAs, type Field, type FieldStyle, type Kind, type Reader, type TextStyle } from "./options.ts";
import { readFields, readText } from "./read.ts";
import { writeFields, writeText } from "./write.ts";
import { inWorker } from "../../../../tooling/in-worker.ts";

/** The schemas the values come from: what a reader knows of a value and the texts cannot say. */
type Schema =
  | { type: "string" | "integer" | "boolean" }
  | { type: "array"; items: Schema }
  | { type: "object"; properties: Record<string, Schema> };

function schemaAt(schema: Schema, path: readonly string[]): Schema | undefined {
  let node: Schema | undefined = schema;
  for (const step of path)
    node =
      node?.type === "array"
        ? node.items
        : node?.type === "object"
          ? (Object.getOwnPropertyDescriptor(node.properties, step)?.value as Schema | undefined)
          : undefined;
  return node;
}

/** A reader as the fixtures make one from a schema: arrays where it has them, leaves as their type. */
function readerOf(schema: Schema): Reader {
  return {
    mayBeArray: (path) => schemaAt(schema, path)?.type === "array",
    isMember: (name) => schema.type === "object" && Object.hasOwn(schema.properties, name),
    leaf: (text, path) => {
      const type = schemaAt(schema, path)?.type;
      return type === "integer" ? Number(text) : type === "boolean" ? text === "true" : text;
    },
  };
}

const kindOf = (schema: Schema): Kind =>
  schema.type === "array" ? "array" : schema.type === "object" ? "object" : "scalar";

/** Any text, the characters the styles and forms give a meaning to drawn often. */
const anyText = fc.string({
  unit: fc.oneof(
    fc.constantFrom(...' ,|.;=[]&+%#?/\r\n"{'),
    fc.string({ unit: "grapheme", minLength: 1, maxLength: 1 }),
  ),
});

/** Text without the characters that delimit it in a style. */
const textWithout = (forbidden: string, text = anyText) =>
  text.filter((text) => ![...forbidden].some((char) => text.includes(char)));

const leafSchema = fc.constantFrom<Schema>({ type: "string" }, { type: "integer" }, { type: "boolean" });

/** A value its schema allows, strings drawn from `text`. */
function valueOf(schema: Schema, text: fc.Arbitrary<string>): fc.Arbitrary<unknown> {
  if (schema.type === "array") return fc.array(valueOf(schema.items, text), { minLength: 1, maxLength: 11 });
  if (schema.type === "object")
    return fc.record(
      Object.fromEntries(Object.entries(schema.properties).map(([name, member]) => [name, valueOf(member, text)])),
    );
  return schema.type === "string" ? text : schema.type === "integer" ? fc.integer() : fc.boolean();
}

/** A schema one level deep (a scalar, a list of scalars, an object of scalars) and a value of it. */
function flat(text: fc.Arbitrary<string>, key: fc.Arbitrary<string>) {
  const schema = fc.oneof(
    leafSchema,
    leafSchema.map((items): Schema => ({ type: "array", items })),
    fc
      .dictionary(key, leafSchema, { minKeys: 1, maxKeys: 4 })
      .map((properties): Schema => ({ type: "object", properties })),
  );
  return schema.chain((picked) => fc.tuple(fc.constant(picked), valueOf(picked, text)));
}

/** A schema nested as deep as `deepObject` goes, and a value of it: containers never empty. */
function nested(key: fc.Arbitrary<string>, text = anyText) {
  const { tree } = fc.letrec<{ tree: Schema }>((tie) => ({
    tree: fc.oneof(
      { depthSize: "small", withCrossShrink: true },
      leafSchema,
      tie("tree").map((items): Schema => ({ type: "array", items })),
      fc
        .dictionary(key, tie("tree"), { minKeys: 1, maxKeys: 3 })
        .map((properties): Schema => ({ type: "object", properties })),
    ),
  }));
  return tree.chain((schema) => fc.tuple(fc.constant(schema), valueOf(schema, text)));
}

const plainKey = anyText.filter((name) => name !== "").filter((name) => !/[[\]]/.test(name));

const FIELD_STYLES: Array<[FieldStyle, string]> = [
  ["form", ","],
  ["spaceDelimited", " "],
  ["pipeDelimited", "|"],
];

describe("the style codec", () => {
  describe("reads back what it writes, for every value the style carries", () => {
    for (const [style, delimiter] of FIELD_STYLES) {
      for (const explode of [true, false]) {
        it(`${style}, explode ${explode}`, () => {
          const text = explode ? anyText : textWithout(delimiter);
          fc.assert(
            fc.property(flat(text, explode ? plainKey : textWithout(delimiter)), ([schema, value]) => {
              const fields = writeFields("p", value, { style, explode });
              expect(readFields("p", fields, { style, explode }, kindOf(schema), readerOf(schema))).toEqual(value);
            }),
          );
        });
      }
    }

    for (const [style] of FIELD_STYLES) {
      it(`${style}, exploded, a list or an object holding lists and objects: bracketed as deepObject brackets them`, () => {
        const options = { style, explode: true } as const;
        const container = nested(plainKey).filter(([schema]) => schema.type === "array" || schema.type === "object");
        fc.assert(
          fc.property(container, ([schema, value]) => {
            const fields = writeFields("p", value, options);
            expect(readFields("p", fields, options, kindOf(schema), readerOf(schema))).toEqual(value);
          }),
        );
      });
    }

    it("an exploded object whose member's name looks bracketed (`c.[]` beside `c.`): that member, not a step", () => {
      // fast-check's counterexample (seed 2093455864), kept as an example.
      const schema: Schema = { type: "object", properties: { "c.": { type: "string" }, "c.[]": { type: "string" } } };
      const value = { "c.": "", "c.[]": "" };
      for (const [style] of FIELD_STYLES) {
        const fields = writeFields("c", value, { style, explode: true });
        expect(readFields("c", fields, { style, explode: true }, kindOf(schema), readerOf(schema))).toEqual(value);
      }
    });

    it("deepObject, nested as deep as the value, its fields in any order", () => {
      const deep = { style: "deepObject", explode: true } as const;
      // The indexes, not the order of arrival, place the items.
      const shuffled = nested(plainKey).chain(([schema, value]) => {
        const fields = writeFields("p", value, deep);
        const all = { minLength: fields.length, maxLength: fields.length };
        return fc.tuple(fc.constant(schema), fc.constant(value), fc.shuffledSubarray(fields, all));
      });
      fc.assert(
        fc.property(shuffled, ([schema, value, fields]) => {
          expect(readFields("p", fields, deep, kindOf(schema), readerOf(schema))).toEqual(value);
        }),
      );
    });

    const joiners: Record<TextStyle, string> = { simple: ",", label: ".", matrix: ";" };
    for (const style of ["simple", "label", "matrix"] as const) {
      for (const explode of [true, false]) {
        it(`${style}, explode ${explode}`, () => {
          const joiner = explode ? joiners[style] : ",";
          fc.assert(
            fc.property(flat(textWithout(joiner), textWithout(`${joiner}=`)), ([schema, value]) => {
              const text = writeText("p", value, { style, explode });
              expect(readText("p", text, { style, explode }, kindOf(schema), readerOf(schema))).toEqual(value);
            }),
          );
        });
      }
    }
  });

  it("writes OpenAPI's own examples of each style", () => {
    const color = ["blue", "black", "brown"];
    const rgb = { R: 100, G: 200, B: 150 };
    const text = (style: TextStyle, explode: boolean, value: unknown) => writeText("color", value, { style, explode });
    expect([text("simple", false, color), text("simple", true, rgb), text("simple", false, rgb)]).toEqual([
      "blue,black,brown",
      "R=100,G=200,B=150",
      "R,100,G,200,B,150",
    ]);
    expect([text("label", true, color), text("label", false, rgb), text("label", true, rgb)]).toEqual([
      ".blue.black.brown",
      ".R,100,G,200,B,150",
      ".R=100.G=200.B=150",
    ]);
    expect([text("matrix", true, color), text("matrix", false, color), text("matrix", true, rgb)]).toEqual([
      ";color=blue;color=black;color=brown",
      ";color=blue,black,brown",
      ";R=100;G=200;B=150",
    ]);
    expect(writeFields("color", color, { style: "pipeDelimited", explode: false })).toEqual([
      ["color", "blue|black|brown"],
    ]);
    expect(writeFields("color", rgb, { style: "deepObject", explode: true })).toEqual([
      ["color[R]", "100"],
      ["color[G]", "200"],
      ["color[B]", "150"],
    ]);
    expect(writeFields("color", rgb, { style: "form", explode: true })).toEqual([
      ["R", "100"],
      ["G", "200"],
      ["B", "150"],
    ]);
    // Where OpenAPI defines no text (a list of objects, an object's list member), deepObject's brackets.
    const exploded = { style: "form", explode: true } as const;
    expect(writeFields("Tags", [{ Key: "k", Value: "v" }], exploded)).toEqual([
      ["Tags[0][Key]", "k"],
      ["Tags[0][Value]", "v"],
    ]);
    expect(writeFields("bundle", { bucket: "b", keys: ["x", "y"] }, exploded)).toEqual([
      ["bucket", "b"],
      ["keys[0]", "x"],
      ["keys[1]", "y"],
    ]);
  });

  it("reads what openapi-fetch writes in a query and a path, as the client sends them", () => {
    const key = fc.stringMatching(/^[a-z][a-z0-9_]{0,7}$/);
    const query = createQuerySerializer();
    fc.assert(
      fc.property(flat(textWithout(","), key), ([schema, value]) => {
        const fields = [...new URLSearchParams(query({ p: value }))];
        // openapi-fetch's defaults: lists `form` exploded, objects `deepObject`.
        const style = schema.type === "object" ? "deepObject" : "form";
        const options = { style, explode: true } as const;
        expect(readFields("p", fields, options, kindOf(schema), readerOf(schema))).toEqual(value);
        const segment = decodeURIComponent(defaultPathSerializer("/{p}", { p: value }).slice(1));
        expect(readText("p", segment, { style: "simple", explode: false }, kindOf(schema), readerOf(schema))).toEqual(
          value,
        );
      }),
    );
  });

  describe("reads back a form body written by its Encoding Object", () => {
    /** One property: its schema, encoding and value. Members of a form-exploded object carry its name, so no two collide. */
    const property = (name: string, text: fc.Arbitrary<string>) => {
      const styled = fc.record({
        style: fc.constantFrom<FieldStyle>("form", "spaceDelimited", "pipeDelimited", "deepObject"),
        explode: fc.boolean(),
        allowReserved: fc.boolean(),
      });
      const typed = fc.record({ contentType: fc.constantFrom("text/plain", "application/json") }, { requiredKeys: [] });
      return fc.oneof(styled, typed).chain((encoding: FieldEncoding) => {
        const options = styledAs(encoding);
        const delimiter = { form: ",", spaceDelimited: " ", pipeDelimited: "|", deepObject: "" }[
          options?.style ?? "deepObject"
        ];
        const joined = options !== undefined && !options.explode && options.style !== "deepObject";
        const member = text.map((key) => `${name}.${key}`);
        const value =
          options?.style === "deepObject"
            ? nested(
                textWithout("[]", text).filter((key) => key !== ""),
                text,
              )
            : flat(joined ? textWithout(delimiter, text) : text, joined ? textWithout(delimiter, text) : member);
        return value.map(([schema, item]) => ({ name, encoding, schema, value: item }));
      });
    };
    const body = (text: fc.Arbitrary<string>) =>
      fc.tuple(property("a", text), property("b", text), property("c", text));

    /** A property read back as the fixtures read it: in its style, or by its content type. */
    function readProperty(name: string, fields: Field[], encoding: FieldEncoding, schema: Schema): unknown {
      const options = styledAs(encoding);
      const reader = readerOf(schema);
      if (options !== undefined) return readFields(name, fields, options, kindOf(schema), reader);
      const item = (text: string, of: Schema): unknown =>
        isJsonType(encoding.contentType ?? "") || of.type === "object" || of.type === "array"
          ? JSON.parse(text)
          : readerOf(of).leaf?.(text, []);
      const texts = fields.map(([, text]) => text);
      return schema.type === "array" ? texts.map((text) => item(text, schema.items)) : item(texts[0] ?? "", schema);
    }

    function readBody(fields: Field[], properties: Array<{ name: string; encoding: FieldEncoding; schema: Schema }>) {
      const byName = new Map(properties.map((entry) => [entry.name, entry]));
      const groups = groupForm(fields, {
        declares: (name) => byName.has(name),
        ownerOf: (key) =>
          properties.find(({ name, schema }) => schema.type === "object" && key.startsWith(`${name}.`))?.name,
      });
      return Object.fromEntries(
        [...groups].map(([name, group]) => {
          const { encoding, schema } = byName.get(name)!;
          return [name, readProperty(name, group, encoding, schema)];
        }),
      );
    }

    const expected = (properties: Array<{ name: string; value: unknown }>) =>
      Object.fromEntries(properties.map(({ name, value }) => [name, value]));

    it("application/x-www-form-urlencoded", () => {
      fc.assert(
        fc.property(body(anyText), (properties) => {
          const encoding = Object.fromEntries(properties.map(({ name, encoding: own }) => [name, own]));
          const text = urlEncoded(formFields(expected(properties), encoding), encoding);
          expect(readBody([...new URLSearchParams(text)], properties)).toEqual(expected(properties));
        }),
      );
    });

    it("multipart/form-data", async () => {
      await fc.assert(
        // HTML's multipart encoding turns a line break into CRLF and escapes `"` in names: neither is carried.
        fc.asyncProperty(body(textWithout('\r\n"')), async (properties) => {
          const encoding = Object.fromEntries(properties.map(({ name, encoding: own }) => [name, own]));
          const form = new FormData();
          for (const [name, value] of formFields(expected(properties), encoding)) form.append(name, value);
          const received = await new Response(form).formData();
          const fields = [...received].map(([name, value]): Field => [
            name,
            typeof value === "string" ? value : value.name,
          ]);
          expect(readBody(fields, properties)).toEqual(expected(properties));
        }),
      );
    });
  });
});

describe("groupForm, on a body a client wrote", () => {
  // In a worker with a deadline: copying the group at each field, as it once did, never ends in a
  // test's time, and a loop in the test itself would hold the runner instead of failing.
  it("groups 400,000 fields of one name in one pass (each field appended, not the group copied)", async () => {
    const module = new URL("./form-encoding.ts", import.meta.url).href;
    const [length, last] = await inWorker<[number, Field]>(
      `import { parentPort } from "node:worker_threads";
       import { groupForm } from ${JSON.stringify(module)};
       const fields = Array.from({ length: 400_000 }, (_, index) => ["tags", String(index)]);
       const tags = groupForm(fields, { declares: (name) => name === "tags", ownerOf: () => undefined }).get("tags");
       parentPort.postMessage([tags.length, tags.at(-1)]);`,
      20_000,
      "grouping 400,000 fields of one name",
    );
    expect(length).toBe(400_000);
    expect(last).toEqual(["tags", "399999"]);
  });
});

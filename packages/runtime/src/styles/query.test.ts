import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ManifestParameter } from "../manifest-types.ts";
import { styleOf, type FieldStyle, type StyleOptions } from "./options.ts";
import { querySerializer } from "./query.ts";
import { readFields } from "./read.ts";

const query = (name: string, declared: Partial<ManifestParameter> = {}): ManifestParameter => ({
  name,
  in: "query",
  required: false,
  ...declared,
});

/** What a schema tells the reader of `location` (`{ bucket, keys: [] }`) and `Sources` (`[{ Id, Tag }]`). */
const location = {
  mayBeArray: (path: readonly string[]) => path.join() === "keys",
  isMember: (name: string) => ["bucket", "keys"].includes(name),
};
const sources = { mayBeArray: (path: readonly string[]) => path.length === 0 };

describe("an operation's query serializer", () => {
  it("writes each parameter in its declared style, an undeclared one form exploded", () => {
    const write = querySerializer([
      query("ids", { style: "pipeDelimited", explode: false }),
      query("filter", { style: "deepObject" }),
      query("tags", { explode: false }),
    ]);
    const text = write({
      ids: [1, 2],
      filter: { owner: { name: "ann" }, tags: ["x"] },
      tags: ["a", "b"],
      location: { bucket: "b1" },
      Sources: [{ Id: "s 1" }],
    });
    expect(text).toBe("ids=1%7C2&filter[owner][name]=ann&filter[tags][0]=x&tags=a%2Cb&bucket=b1&Sources[0][Id]=s%201");
  });

  it("leaves out undefined, null and an empty list, as openapi-fetch does", () => {
    expect(querySerializer([])({ a: undefined, b: null, c: [], d: 0, e: false })).toBe("d=0&e=false");
  });

  it("lets RFC 3986's reserved characters through where allowReserved says, never those that change the query", () => {
    const write = querySerializer([query("path", { allowReserved: true })]);
    expect(write({ path: "a/b?c:d[0]&e=f#g", other: "a/b" })).toBe("path=a/b?c:d[0]%26e%3Df%23g&other=a%2Fb");
    const [[, text] = []] = new URLSearchParams(write({ path: "a/b?c:d[0]&e=f#g" }));
    expect(text).toBe("a/b?c:d[0]&e=f#g");
  });

  it("is read back by the codec, whatever the text, for objects and lists of objects form exploded", () => {
    const text = fc.string({ unit: fc.oneof(fc.constantFrom(..." ,|.;=[]&+%#?/"), fc.string({ maxLength: 1 })) });
    const bundle = fc.record({ bucket: text, keys: fc.array(text, { minLength: 1, maxLength: 3 }) });
    const list = fc.array(fc.record({ Id: text, Tag: text }), { minLength: 1, maxLength: 4 });
    fc.assert(
      fc.property(bundle, list, (object, items) => {
        const fields = [...new URLSearchParams(querySerializer([])({ location: object, Sources: items }))];
        const options = styleOf("query", {}) as StyleOptions<FieldStyle>;
        expect(readFields("location", fields, options, "object", location)).toEqual(object);
        expect(readFields("Sources", fields, options, "array", sources)).toEqual(items);
      }),
    );
  });
});

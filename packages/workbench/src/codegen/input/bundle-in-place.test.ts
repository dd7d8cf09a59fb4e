import { BaseResolver, bundle, createConfig, lintDocument, type Config, type Document } from "@redocly/openapi-core";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { bundledInPlace, withBundleInPlace } from "./bundle-in-place.ts";

const folder = mkdtempSync(join(tmpdir(), "bundle-in-place-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const head = "openapi: 3.0.3\ninfo: { title: t, version: '1' }\n";
const pet = `
components:
  schemas:
    Cat: { type: object, properties: { kind: { type: string } } }
    Dog: { type: object, properties: { kind: { type: string } } }
    Pet:
      oneOf: [{ $ref: '#/components/schemas/Cat' }, { $ref: '#/components/schemas/Dog' }]
      discriminator: { propertyName: kind, mapping: MAPPING }
  examples:
    tom: { summary: Tom, value: { kind: cat } }
paths:
  /pets:
    get:
      operationId: listPets
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Pet' }
              examples:
                named: { $ref: '#/components/examples/tom' }
                # An Example object written where a value goes, as GitHub's contract does: the bundle copies it in.
                inline: { value: { $ref: '#/components/examples/tom' } }
                EXTRA
`;
const kept = "{ cat: '#/components/schemas/Cat', dog: '#/components/schemas/Dog' }";

async function both(text: string, config?: Config) {
  const loaded = withBundleInPlace(config ?? (await createConfig({ extends: [], rules: { struct: "error" } })));
  const file = join(folder, `${Math.random().toString(36).slice(2)}.yaml`);
  writeFileSync(file, text);
  const read = async () => {
    const resolver = new BaseResolver(loaded.resolve);
    return { resolver, document: (await resolver.resolveDocument(null, file, true)) as Document };
  };
  const ours = await read();
  await lintDocument({ document: ours.document, config: loaded.styleguide, externalRefResolver: ours.resolver });
  const inPlace = bundledInPlace(loaded, ours.document);
  const redocly = await read();
  const bundled = await bundle({
    config: loaded,
    dereference: false,
    doc: redocly.document,
    externalRefResolver: redocly.resolver,
  });
  return { inPlace, ours: ours.document.parsed as unknown, redocly: bundled.bundle.parsed as unknown };
}

describe("bundledInPlace", () => {
  it("bundles one file as Redocly does, the Example written as a value copied in", async () => {
    const { inPlace, ours, redocly } = await both(head + pet.replace("MAPPING", kept).replace("EXTRA", ""));
    expect(inPlace).toBe(true);
    expect(ours).toEqual(redocly);
    expect(JSON.stringify(ours)).toContain('"inline":{"value":{"summary":"Tom","value":{"kind":"cat"}}}');
  });

  it.each([
    [
      "a mapping to a place outside components",
      pet
        .replace("MAPPING", "{ cat: '#/paths/~1pets/get/responses/200/content/application~1json/schema' }")
        .replace("EXTRA", ""),
    ],
    ["an externalValue", pet.replace("MAPPING", kept).replace("EXTRA", "file: { externalValue: './tom.json' }")],
    ["a $ref to another file", pet.replace("MAPPING", kept).replace("EXTRA", "other: { $ref: './tom.yaml' }")],
    ["no components", "paths: {}\n"],
  ])("leaves %s to Redocly's bundle", async (_, body) => {
    writeFileSync(join(folder, "tom.yaml"), "summary: Tom\nvalue: { kind: cat }\n");
    writeFileSync(join(folder, "tom.json"), '{ "kind": "cat" }');
    const { inPlace } = await both(head + body);
    expect(inPlace).toBe(false);
  });

  it("leaves a config with a decorator on to Redocly's bundle", async () => {
    const config = await createConfig({
      extends: [],
      rules: { struct: "error" },
      decorators: { "info-description-override": { filePath: "none.md" } },
    });
    const { inPlace } = await both(head + pet.replace("MAPPING", kept).replace("EXTRA", ""), config);
    expect(inPlace).toBe(false);
  });
});

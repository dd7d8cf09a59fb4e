// A silent rule rides the lint and mirrors `makeBundleVisitor`'s conditions: in one file, the bundler only
// copies what a `$ref` names into a place that takes any value (its own walk costs a second of GitHub's).
import type { Config, Document } from "@redocly/openapi-core";
import { isRecord } from "../../contract/records.ts";

const RULE = "contract-workbench/bundle-in-place";

interface Walked {
  /** Something only Redocly's bundle does. */
  bundle: boolean;
  /** Each `$ref` in a place that takes any value, and the object it names. */
  copies: Array<{ ref: Record<string, unknown>; target: Record<string, unknown> }>;
  /** Every other `$ref` object met: one also copied into would be walked differently once copied. */
  kept: Set<object>;
}

/** The lint's root node → what its walk found. */
const walks = new WeakMap<object, Walked>();

type Location = { source: unknown };
type Context = { location: Location; type: { name: string }; resolve: (ref: { $ref: string }) => Resolved };
type Resolved = { location?: Location; node?: unknown };

/** Mapping values the bundler keeps as written: a plain name under `#/components/schemas/`. */
const KEPT_MAPPING = /^#\/components\/schemas\/([A-Za-z0-9._-]+)$/;

function bundleInPlace() {
  let root: Record<string, unknown> = {};
  let rootSource: unknown;
  let walked: Walked = { bundle: true, copies: [], kept: new Set() };
  return {
    Root: {
      enter(node: Record<string, unknown>, ctx: Context) {
        root = node;
        rootSource = ctx.location.source;
        walked = { bundle: !isRecord(node.components), copies: [], kept: new Set() };
        walks.set(root, walked);
      },
    },
    ref: {
      leave(node: Record<string, unknown>, ctx: Context, resolved: Resolved) {
        const local =
          resolved.location?.source === rootSource && resolved.node !== undefined && ctx.location.source === rootSource;
        if (!local) walked.bundle = true;
        else if (ctx.type.name !== "scalar") walked.kept.add(node);
        else if (isRecord(resolved.node)) walked.copies.push({ ref: node, target: resolved.node });
        else walked.bundle = true; // the bundler would replace the parent's field
      },
    },
    Example: {
      leave(node: unknown) {
        if (isRecord(node) && node.externalValue !== undefined) walked.bundle = true;
      },
    },
    DiscriminatorMapping: {
      leave(mapping: Record<string, unknown>, ctx: Context) {
        const schemas = isRecord(root.components) && isRecord(root.components.schemas) ? root.components.schemas : {};
        for (const ref of Object.values(mapping)) {
          const name = typeof ref === "string" ? KEPT_MAPPING.exec(ref)?.[1] : undefined;
          const component = name !== undefined && Object.hasOwn(schemas, name) ? schemas[name] : undefined;
          const target = component === undefined ? undefined : ctx.resolve({ $ref: ref as string });
          const kept =
            target?.location !== undefined &&
            target.node === component &&
            !(isRecord(component) && "$ref" in component);
          if (!kept) walked.bundle = true;
        }
      },
    },
  };
}

/** Settings that turn a preprocessor or decorator on: the bundle would then rewrite what it walks. */
function anyOn(table: Record<string, Record<string, unknown>>): boolean {
  return Object.values(table).some((rules) =>
    Object.values(rules).some(
      (setting) =>
        (typeof setting === "string" ? setting : ((setting as { severity?: string }).severity ?? "error")) !== "off",
    ),
  );
}

/** Adds the rule to a loaded config, for every OpenAPI 3 version; once per config. */
export function withBundleInPlace(config: Config): Config {
  const styleguide = config.styleguide as unknown as {
    plugins: Array<{ id: string; rules?: Record<string, Record<string, unknown>> }>;
    rules: Record<string, Record<string, unknown>>;
  };
  if (styleguide.plugins.some((plugin) => plugin.id === RULE)) return config;
  styleguide.plugins.push({ id: RULE, rules: { oas3: { [RULE]: bundleInPlace } } });
  for (const version of Object.keys(styleguide.rules)) {
    if (version.startsWith("oas3")) styleguide.rules[version] = { ...styleguide.rules[version], [RULE]: "warn" };
  }
  return config;
}

/** Bundles `document` as Redocly would when the lint found nothing but copies to make; else false, untouched. */
export function bundledInPlace(config: Config, document: Document): boolean {
  const styleguide = config.styleguide as unknown as {
    preprocessors: Record<string, Record<string, unknown>>;
    decorators: Record<string, Record<string, unknown>>;
  };
  const walked = isRecord(document.parsed) ? walks.get(document.parsed) : undefined;
  if (walked === undefined || walked.bundle || anyOn(styleguide.preprocessors) || anyOn(styleguide.decorators)) {
    return false;
  }
  const copied = new Set<object>();
  for (const { ref } of walked.copies) {
    if (walked.kept.has(ref) || copied.has(ref)) return false;
    copied.add(ref);
  }
  // As the bundler's `replaceRef`: the named object's fields, then the `$ref` object's own but `$ref`.
  for (const { ref, target } of walked.copies) {
    delete ref.$ref;
    Object.assign(ref, { ...target, ...ref });
  }
  return true;
}

// The gallery's stories are indexed and served from the manifests; nothing goes to disk (docs/decisions/0009).
import { existsSync, utimesSync } from "node:fs";
import { join } from "node:path";
import { toId } from "storybook/internal/csf";
import type { Indexer, IndexInput } from "storybook/internal/types";
import type { Plugin } from "vite";
import registry from "../contract/app-registry.ts";
import { generatedPath, readManifest } from "../contract/generated.ts";
import { packageModule } from "../contract/package-module.ts";
import { operationGroups } from "../contract/records.ts";
import { galleryContracts } from "../contract/registry.ts";
import { pairLabel, streamPairs } from "../contract/stream-pairs.ts";
import { unsendablePair } from "../contract/unsendable.ts";
import { withoutFragment } from "../contract/variant-marks.ts";
import { GALLERY_TAG, GALLERY_THEME_TAG } from "./gallery-tag.ts";
import type { Manifest } from "../codegen/manifest/manifest.ts";

/** The gallery's front page, absolute: Storybook indexes the whole gallery from it, Vitest runs it in it. */
export const GALLERY_STORIES = packageModule("./gallery.page.stories", import.meta.url);
export const GALLERY_RUNTIME = packageModule("./gallery-story", import.meta.url);
export const VIRTUAL_PREFIX = "virtual:contract-gallery/";
const RESOLVED_PREFIX = `\0${VIRTUAL_PREFIX}`;

/** One gallery story: an operation × one of its declared statuses (× a stream it declares beside JSON). */
export interface GalleryPair {
  operationId: string;
  status: string;
  /** A stream pair's media type: the story asks for the stream. */
  mediaType?: string;
  /** `Gallery/<folder>/<operationId>`; "/" in either is shown as "∕", which Storybook does not split on. */
  title: string;
  name: string;
  /** The story id, set explicitly so the per-operation module and the Vitest module agree. */
  id: string;
  exportName: string;
  module: string;
  /** Absent for the product's operations. */
  service?: string;
  /** `PUT /folders/{}` (`endpointOf`): operations that share one are never in one batch. */
  endpoint: string;
}

/** The method and URL template a request shows (`PUT /folders/{}`): no fragment, parameters unnamed. */
export function endpointOf({ method, path }: { method: string; path: string }): string {
  return `${method.toUpperCase()} ${withoutFragment(path).replace(/\{[^}]*\}/g, "{}")}`;
}

/** A module name made only of characters every URL and file system keeps as they are. */
function slug(operationId: string): string {
  return operationId.replace(/[^A-Za-z0-9.-]/g, (char) => `_${char.codePointAt(0)?.toString(16) ?? ""}_`);
}

function segment(text: string): string {
  return text.replaceAll("/", "∕").trim() || "(unnamed)";
}

/** Every operation × declared status of a manifest, in order, but those fetch cannot exchange (`unsendablePair`). */
export function galleryPairs(manifest: Manifest, service?: string): GalleryPair[] {
  const pairs: GalleryPair[] = [];
  const seen = new Set<string>();
  const group = service === undefined ? "Gallery" : `Gallery/${service}`;
  const modulePrefix = service === undefined ? VIRTUAL_PREFIX : `${VIRTUAL_PREFIX}${service}/`;
  const groupOf = operationGroups(manifest.operations);
  for (const operation of manifest.operations) {
    const tag = groupOf(operation);
    let title = `${group}/${segment(tag)}/${segment(operation.operationId)}`;
    // Ids come from the names as written ("repos/get" → "repos-get"), so links stay plain ASCII.
    let base = toId(`${group}/${tag}/${operation.operationId}`, "x");
    for (let n = 2; seen.has(base); n++) {
      title = `${group}/${segment(tag)}/${segment(operation.operationId)} (${n})`;
      base = toId(`${group}/${tag}/${operation.operationId} ${n}`, "x");
    }
    seen.add(base);
    const prefix = base.slice(0, -"--x".length);
    for (const response of operation.responses) {
      const { status } = response;
      if (unsendablePair(operation, status) !== undefined) continue;
      for (const mediaType of [undefined, ...streamPairs(response).map((stream) => stream.mediaType)]) {
        const name = pairLabel(status, mediaType);
        pairs.push({
          operationId: operation.operationId,
          status,
          ...(mediaType === undefined ? {} : { mediaType }),
          title,
          name,
          id: `${prefix}--${toId("x", name).slice("x--".length)}`,
          exportName: `status_${name.replace(/[^A-Za-z0-9]/g, "_")}`,
          module: `${modulePrefix}${slug(operation.operationId)}`,
          endpoint: endpointOf(operation),
          ...(service === undefined ? {} : { service }),
        });
      }
    }
  }
  return pairs;
}

function shownContracts(root: string) {
  return galleryContracts(registry)
    .filter((contract) => existsSync(generatedPath(root, "manifest.json", contract.generated)))
    .map((contract) =>
      contract.role === "product"
        ? { generated: contract.generated }
        : { generated: contract.generated, service: contract.name, fixtures: join(root, contract.fixtures) },
    );
}

function allPairs(root: string): GalleryPair[] {
  return shownContracts(root).flatMap((contract) =>
    galleryPairs(readManifest(root, contract.generated), contract.service),
  );
}

function serviceLocal(service: string): string {
  return `__service_${service.replace(/[^A-Za-z0-9]/g, "_")}`;
}

/** The third argument of `galleryStory` / `galleryBatch` for a service's pair: its fixtures answer and are shown. */
function contractArgument(service: string | undefined): string {
  return service === undefined ? "" : `, { source: ${serviceLocal(service)}, mocks: ${serviceLocal(service)} }`;
}

function storyArguments(pair: GalleryPair): string {
  if (pair.mediaType === undefined) return contractArgument(pair.service);
  return `${contractArgument(pair.service) || ", undefined"}, ${JSON.stringify(pair.mediaType)}`;
}

function serviceImports(pairs: GalleryPair[], fixturesOf: (service: string) => string): string {
  const services = [...new Set(pairs.flatMap((pair) => (pair.service === undefined ? [] : [pair.service])))];
  return services
    .map((service) => `import { fixtures as ${serviceLocal(service)} } from ${JSON.stringify(fixturesOf(service))};\n`)
    .join("");
}

/** One story as code, its name and id written literally: Storybook's Vitest plugin reads both from the source. */
function storyCode(pair: GalleryPair, exportName: string, name: string, index: number, tags = ""): string {
  const local = `__gallery${index}`;
  return (
    `const ${local} = galleryStory(${JSON.stringify(pair.operationId)}, ${JSON.stringify(pair.status)}${storyArguments(pair)});\n` +
    `export const ${exportName} = { ...${local}, name: ${JSON.stringify(name)}, ${tags}` +
    `parameters: { ...${local}.parameters, __id: ${JSON.stringify(pair.id)} } };\n`
  );
}

/** A story's literal `tags` property, where Storybook's CSF reader (and @storybook/addon-vitest's filter) finds it. */
function tagsCode(tag: string): string {
  return `tags: [${JSON.stringify(tag)}], `;
}

type FixturesOf = (service: string) => string;

const noServices: FixturesOf = (service) => {
  throw new Error(`gallery: no fixtures module for the service ${service}.`);
};

export function operationModule(pairs: GalleryPair[], runtime: string, fixturesOf: FixturesOf = noServices): string {
  const [first] = pairs;
  if (!first) throw new Error("An operation's gallery module needs at least one response.");
  return (
    `import { galleryMeta, galleryStory } from ${JSON.stringify(runtime)};\n` +
    serviceImports(pairs, fixturesOf) +
    `export default { ...galleryMeta, title: ${JSON.stringify(first.title)} };\n` +
    pairs.map((pair, index) => storyCode(pair, pair.exportName, pair.name, index)).join("")
  );
}

/** A test's fixed cost is paid once per batch; twenty keeps a page small enough for axe on large bodies. */
export const BATCH_SIZE = 20;

/** One contract, status and stream per batch, without two operations no request tells apart (one method and URL). */
export function galleryBatches(pairs: GalleryPair[], size = BATCH_SIZE): GalleryPair[][] {
  const byStatus = Map.groupBy(
    pairs,
    (pair) => `${pair.service ?? ""}\u0000${pair.status}\u0000${pair.mediaType ?? ""}`,
  );
  return [...byStatus.values()].flatMap((group) => {
    const batches: Array<{ pairs: GalleryPair[]; endpoints: Set<string> }> = [];
    // Every batch before this one is full: the search starts here, not at the first of thousands.
    let firstOpen = 0;
    for (const pair of group) {
      while ((batches[firstOpen]?.pairs.length ?? 0) >= size) firstOpen++;
      let batch = batches
        .slice(firstOpen)
        .find((open) => open.pairs.length < size && !open.endpoints.has(pair.endpoint));
      if (batch === undefined) batches.push((batch = { pairs: [], endpoints: new Set() }));
      batch.pairs.push(pair);
      batch.endpoints.add(pair.endpoint);
    }
    return batches.map((batch) => batch.pairs);
  });
}

/** The gallery's stories for Vitest: one per pair (Storybook's test widget), else batches alternating light and dark. */
export function vitestStories(pairs: GalleryPair[], runtime: string, batched = true, fixturesOf = noServices) {
  if (pairs.length === 0) return "";
  const services = serviceImports(pairs, fixturesOf);
  if (!batched) {
    const light = tagsCode(GALLERY_THEME_TAG.light);
    return (
      `\nimport { galleryStory } from ${JSON.stringify(runtime)};\n` +
      services +
      pairs
        .map((pair, index) => storyCode(pair, `gallery_${index}`, `${pair.operationId} ${pair.status}`, index, light))
        .join("")
    );
  }
  return (
    `\nimport { galleryBatch } from ${JSON.stringify(runtime)};\n` +
    services +
    galleryBatches(pairs)
      .map((batch, index) => {
        const service = batch[0]?.service;
        const label = batch[0] === undefined ? "" : pairLabel(batch[0].status, batch[0].mediaType);
        const name = `${service === undefined ? "" : `${service} `}${label}: ${batch.map((pair) => pair.operationId).join(", ")}`;
        const args =
          JSON.stringify(
            batch.map((pair) => [
              pair.operationId,
              pair.status,
              ...(pair.mediaType === undefined ? [] : [pair.mediaType]),
            ]),
          ) + contractArgument(service);
        const tags = tagsCode(index % 2 === 0 ? GALLERY_THEME_TAG.light : GALLERY_THEME_TAG.dark);
        return `export const gallery_batch_${index} = { ...galleryBatch(${args}), ${tags}name: ${JSON.stringify(name)} };\n`;
      })
      .join("")
  );
}

export function galleryIndexer(existing: readonly Indexer[], root: string = process.cwd()): Indexer {
  return {
    test: /[\\/]gallery[\\/]gallery\.page\.stories\.(tsx|js)$/,
    async createIndex(fileName, options) {
      const csf = existing.find((indexer) => indexer.test.exec(fileName));
      const own = csf ? await csf.createIndex(fileName, options) : [];
      const generated = allPairs(root).map((pair): IndexInput => ({
        type: "story",
        importPath: pair.module,
        exportName: pair.exportName,
        name: pair.name,
        title: pair.title,
        __id: pair.id,
        // Storybook's MCP manifest reads each story's file, which a virtual module is not (`npm run mcp` has them).
        tags: [GALLERY_TAG, "!autodocs", "!manifest"],
      }));
      return [...own, ...generated];
    },
  };
}

/** Serves the virtual modules; under Vitest appends the stories to the front page, which only runs files on disk. */
export function contractGallery({ root = process.cwd() }: { root?: string } = {}): Plugin {
  const manifestPaths = galleryContracts(registry).map((contract) =>
    generatedPath(root, "manifest.json", contract.generated),
  );
  const fixturesOf: FixturesOf = (service) =>
    shownContracts(root).find((contract) => contract.service === service)?.fixtures ?? noServices(service);
  return {
    name: "contract-gallery",
    enforce: "pre",
    resolveId(id) {
      return id.startsWith(VIRTUAL_PREFIX) ? `\0${id}` : undefined;
    },
    load(id) {
      if (!id.startsWith(RESOLVED_PREFIX)) return undefined;
      for (const path of manifestPaths) this.addWatchFile(path);
      const module = id.slice(1);
      const pairs = allPairs(root).filter((pair) => pair.module === module);
      if (pairs.length === 0) {
        throw new Error(
          `${module}: the contract has no such operation any more (its manifest changed); reload the page.`,
        );
      }
      return operationModule(pairs, GALLERY_RUNTIME, fixturesOf);
    },
    transform(code, id) {
      if (!process.env.VITEST || id.split("?")[0] !== GALLERY_STORIES) return undefined;
      for (const path of manifestPaths) this.addWatchFile(path);
      const batched = process.env.VITEST_STORYBOOK !== "true";
      return { code: code + vitestStories(allPairs(root), GALLERY_RUNTIME, batched, fixturesOf), map: null };
    },
    configureServer(server) {
      if (process.env.VITEST) return;
      server.watcher.add(manifestPaths);
      const touch = (file: string) => {
        // Storybook re-indexes a story file when it changes; the gallery's index comes from the manifest.
        const now = new Date();
        if (manifestPaths.includes(file)) utimesSync(GALLERY_STORIES, now, now);
      };
      server.watcher.on("change", touch);
      server.watcher.on("add", touch);
    },
  };
}

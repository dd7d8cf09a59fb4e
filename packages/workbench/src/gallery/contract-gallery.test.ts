import { describe, expect, it } from "vitest";
import { loadCsf } from "storybook/internal/csf-tools";
import type { Manifest, ManifestOperation } from "../codegen/manifest/manifest.ts";
import { endpointOf, galleryBatches, galleryPairs, operationModule, vitestStories } from "./contract-gallery.ts";
import { GALLERY_THEME_TAG } from "./gallery-tag.ts";

function operation(operationId: string, tags: string[], statuses: string[]): ManifestOperation {
  return {
    operationId,
    method: "get",
    path: `/${operationId}`,
    summary: null,
    tags,
    parameters: [],
    requestBody: null,
    responses: statuses.map((status) => ({ status, mediaTypes: [] })),
    security: [],
  };
}

function manifest(...operations: ManifestOperation[]): Manifest {
  return { title: "T", version: "1", openapi: "3.1.0", operations, schemas: [] };
}

describe("galleryPairs", () => {
  it("lists operations and tags named like Object.prototype's members", () => {
    const names = ["__proto__", "constructor", "hasOwnProperty", "valueOf", "toString", "prototype"];
    const pairs = galleryPairs(manifest(...names.map((name) => operation(name, [name], ["200"]))));
    expect(pairs.map((pair) => pair.title)).toEqual(names.map((name) => `Gallery/${name}/${name}`));
    expect(new Set(pairs.map((pair) => pair.id)).size).toBe(names.length);
    expect(new Set(pairs.map((pair) => pair.module)).size).toBe(names.length);
  });

  it("has one story per operation × declared status, titled by tag and operation, named by status", () => {
    const pairs = galleryPairs(
      manifest(operation("listPets", ["pets", "animals"], ["200", "4XX", "default"]), operation("ping", [], ["204"])),
    );
    expect(pairs.map((pair) => [pair.title, pair.name, pair.id, pair.exportName, pair.module])).toEqual([
      ["Gallery/pets/listPets", "200", "gallery-pets-listpets--200", "status_200", "virtual:contract-gallery/listPets"],
      ["Gallery/pets/listPets", "4XX", "gallery-pets-listpets--4xx", "status_4XX", "virtual:contract-gallery/listPets"],
      [
        "Gallery/pets/listPets",
        "default",
        "gallery-pets-listpets--default",
        "status_default",
        "virtual:contract-gallery/listPets",
      ],
      ["Gallery/ping/ping", "204", "gallery-ping-ping--204", "status_204", "virtual:contract-gallery/ping"],
    ]);
  });

  it("files a contract without tags by its paths' first segment past the shared prefix, never in one folder", () => {
    const untagged = (operationId: string, path: string) => ({ ...operation(operationId, [], ["200"]), path });
    const pairs = galleryPairs(
      manifest(
        untagged("createChatCompletion", "/v1/chat/completions"),
        untagged("getChatCompletion", "/v1/chat/completions/{completion_id}"),
        untagged("listFiles", "/v1/files"),
        untagged("listFileContents", "/v1/files/{file_id}/content"),
        { ...operation("listPets", ["pets"], ["200"]), path: "/v1/pets" },
      ),
    );
    expect(pairs.map((pair) => [pair.title, pair.id])).toEqual([
      ["Gallery/chat/createChatCompletion", "gallery-chat-createchatcompletion--200"],
      ["Gallery/chat/getChatCompletion", "gallery-chat-getchatcompletion--200"],
      ["Gallery/files/listFiles", "gallery-files-listfiles--200"],
      ["Gallery/files/listFileContents", "gallery-files-listfilecontents--200"],
      // A tagged operation keeps its tag and its id.
      ["Gallery/pets/listPets", "gallery-pets-listpets--200"],
    ]);
    // A prefix some path ends with is a resource, not a mount point: `/status` and its events stay together.
    const status = galleryPairs(manifest(untagged("getStatus", "/status"), untagged("streamStatus", "/status/events")));
    expect(status.map((pair) => pair.title)).toEqual(["Gallery/status/getStatus", "Gallery/status/streamStatus"]);
  });

  it("adds a story for a stream declared beside JSON, which asks for it; a status that only streams keeps one", () => {
    const chat = operation("createChat", ["chat"], []);
    chat.responses = [
      {
        status: "200",
        mediaTypes: ["application/json", "text/event-stream"],
        streams: [{ mediaType: "text/event-stream", format: "sse", data: "json" }],
      },
    ];
    const logs = operation("streamLogs", ["logs"], []);
    logs.responses = [
      {
        status: "200",
        mediaTypes: ["application/jsonl"],
        streams: [{ mediaType: "application/jsonl", format: "jsonl" }],
      },
    ];
    const pairs = galleryPairs(manifest(chat, logs));
    expect(pairs.map((pair) => [pair.name, pair.mediaType, pair.id, pair.exportName])).toEqual([
      ["200", undefined, "gallery-chat-createchat--200", "status_200"],
      [
        "200 text/event-stream",
        "text/event-stream",
        "gallery-chat-createchat--200-text-event-stream",
        "status_200_text_event_stream",
      ],
      ["200", undefined, "gallery-logs-streamlogs--200", "status_200"],
    ]);
    // The stream pair is batched apart from the JSON ones, and its story asks for the stream.
    expect(galleryBatches(pairs).map((batch) => batch.map((pair) => pair.name))).toEqual([
      ["200", "200"],
      ["200 text/event-stream"],
    ]);
    expect(operationModule(pairs.slice(0, 2), "/r.tsx")).toContain(
      'galleryStory("createChat", "200", undefined, "text/event-stream")',
    );
    expect(vitestStories(pairs, "/r.tsx")).toContain('galleryBatch([["createChat","200","text/event-stream"]])');
  });

  it("keeps a slash in an operation id out of the sidebar's hierarchy, and ids and modules plain", () => {
    const [pair] = galleryPairs(manifest(operation("repos/get", ["repos"], ["200"])));
    expect(pair).toMatchObject({
      title: "Gallery/repos/repos∕get",
      id: "gallery-repos-repos-get--200",
      module: "virtual:contract-gallery/repos_2f_get",
    });
  });

  it("tells apart operations whose ids would collide", () => {
    const pairs = galleryPairs(manifest(operation("a/b", ["t"], ["200"]), operation("a-b", ["t"], ["200"])));
    expect(pairs.map((pair) => [pair.title, pair.id])).toEqual([
      ["Gallery/t/a∕b", "gallery-t-a-b--200"],
      ["Gallery/t/a-b (2)", "gallery-t-a-b-2--200"],
    ]);
  });

  it("makes no story fetch cannot exchange: a 1xx status, a method fetch refuses; the rest stays", () => {
    const pairs = galleryPairs(
      manifest(
        operation("attach", ["c"], ["101", "1XX", "200", "404"]),
        { ...operation("traceAnything", ["c"], ["200"]), method: "trace" },
        { ...operation("tunnel", ["c"], ["200"]), method: "CONNECT" },
        operation("realtime", ["c"], ["101"]),
      ),
    );
    expect(pairs.map((pair) => `${pair.operationId} ${pair.status}`)).toEqual(["attach 200", "attach 404"]);
  });

  it("has nothing for an empty contract, and adds nothing to the Vitest module", () => {
    expect(galleryPairs(manifest())).toEqual([]);
    expect(vitestStories([], "/runtime.tsx")).toBe("");
  });
});

describe("generated modules", () => {
  const pairs = galleryPairs(manifest(operation("getPet", ["pets"], ["200", "404"])));

  it("give each story the id the index gives it, where Storybook's CSF reader finds it", () => {
    const csf = loadCsf(operationModule(pairs, "/runtime.tsx"), {
      fileName: "getPet.js",
      makeTitle: (title) => title ?? "",
    }).parse();
    expect(csf.meta.title).toBe("Gallery/pets/getPet");
    expect(csf.stories.map((story) => [story.id, story.name])).toEqual([
      ["gallery-pets-getpet--200", "200"],
      ["gallery-pets-getpet--404", "404"],
    ]);
  });

  it("add every story to the front page's module from Storybook's test widget, with the same ids", () => {
    const front = `export default { title: "Contract/Gallery" };\nexport const Overview = {};\n`;
    const csf = loadCsf(front + vitestStories(pairs, "/runtime.tsx", false), {
      fileName: "gallery.stories.tsx",
      makeTitle: (title) => title ?? "",
    }).parse();
    expect(csf.stories.map((story) => [story.id, story.name])).toEqual([
      ["contract-gallery--overview", "Overview"],
      ["gallery-pets-getpet--200", "getPet 200"],
      ["gallery-pets-getpet--404", "getPet 404"],
    ]);
  });

  it("add the stories in batches to the front page's module under `vitest run`, one test per batch", () => {
    const front = `export default { title: "Contract/Gallery" };\nexport const Overview = {};\n`;
    const csf = loadCsf(front + vitestStories(pairs, "/runtime.tsx"), {
      fileName: "gallery.stories.tsx",
      makeTitle: (title) => title ?? "",
    }).parse();
    expect(csf.stories.map((story) => story.name)).toEqual(["Overview", "200: getPet", "404: getPet"]);
  });

  it("share the batches between the two theme projects, and give the widget's stories to the light one", () => {
    const front = `export default { title: "Contract/Gallery" };\nexport const Overview = {};\n`;
    const many = galleryPairs(manifest(operation("getPet", ["pets"], ["200", "404", "500"])));
    const tagsOf = (code: string) =>
      loadCsf(front + code, { fileName: "gallery.stories.tsx", makeTitle: (title) => title ?? "" })
        .parse()
        .stories.map((story) => [story.name, story.tags ?? []]);
    // Storybook reads these literals; @storybook/addon-vitest's filter excludes the other theme's tag (vite.config.ts).
    expect(tagsOf(vitestStories(many, "/runtime.tsx"))).toEqual([
      ["Overview", []],
      ["200: getPet", [GALLERY_THEME_TAG.light]],
      ["404: getPet", [GALLERY_THEME_TAG.dark]],
      ["500: getPet", [GALLERY_THEME_TAG.light]],
    ]);
    expect(tagsOf(vitestStories(many, "/runtime.tsx", false)).slice(1)).toEqual([
      ["getPet 200", [GALLERY_THEME_TAG.light]],
      ["getPet 404", [GALLERY_THEME_TAG.light]],
      ["getPet 500", [GALLERY_THEME_TAG.light]],
    ]);
  });
});

describe("galleryBatches", () => {
  const pairs = galleryPairs(
    manifest(
      operation("listPets", ["pets"], ["200", "default"]),
      operation("getPet", ["pets"], ["200", "404", "default"]),
      operation("createPet", ["pets"], ["201", "default"]),
      operation("ping", [], ["200"]),
    ),
  );
  const names = (batches: ReturnType<typeof galleryBatches>) =>
    batches.map((batch) => batch.map((pair) => `${pair.operationId} ${pair.status}`));

  it("groups pairs by status in the manifest's order, at most `size` per batch", () => {
    expect(names(galleryBatches(pairs, 2))).toEqual([
      ["listPets 200", "getPet 200"],
      ["ping 200"],
      ["listPets default", "getPet default"],
      ["createPet default"],
      ["getPet 404"],
      ["createPet 201"],
    ]);
  });

  it("keeps every pair exactly once, and no operation twice in a batch", () => {
    for (const size of [1, 2, 3, 20]) {
      const batches = galleryBatches(pairs, size);
      expect(
        batches
          .flat()
          .map((pair) => pair.id)
          .sort(),
      ).toEqual(pairs.map((pair) => pair.id).sort());
      for (const batch of batches) {
        expect(batch.length).toBeLessThanOrEqual(size);
        expect(new Set(batch.map((pair) => pair.operationId)).size).toBe(batch.length);
      }
    }
  });

  it("never puts two operations of one method and URL in a batch, whatever their fragments and parameter names", () => {
    // operationId, method, path key
    const table = [
      ["addLink", "put", "/folders/{folder_id}#add_shared_link"],
      ["removeLink", "put", "/folders/{id}#remove_shared_link"],
      ["getFolder", "get", "/folders/{folder_id}"],
      ["listFolders", "get", "/folders"],
      ["listBeta", "get", "/folders?beta=true"],
      ["updateFolder", "put", "/folders/{folder_id}"],
    ] as const;
    const shared = galleryPairs(
      manifest(...table.map(([id, method, path]) => ({ ...operation(id, ["items"], ["200"]), method, path }))),
    );
    expect(endpointOf({ method: "put", path: "/folders/{folder_id}#add_shared_link" })).toBe("PUT /folders/{}");
    expect(names(galleryBatches(shared, 3))).toEqual([
      ["addLink 200", "getFolder 200", "listFolders 200"],
      ["removeLink 200", "listBeta 200"],
      ["updateFolder 200"],
    ]);
  });
});

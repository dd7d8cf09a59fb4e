// The shapes vendors' own contracts take (tests/contracts/constructs/vendor-shapes.yaml),
// end to end through the app's own client and the default fixtures in Node: a
// discriminator whose values an extension gives, a contract that contradicts itself, an
// enum that narrows a referenced list at depth, variants of one URL told apart by media
// type, header or body shape (or by the story that asks, and kept apart in the gallery's
// batches), form bodies written and read back by their `encoding`. Every exchange
// is checked as strictly as anywhere else.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { bodyOptionsFor } from "@contract-workbench/runtime";
import { createFixtureData } from "@contract-workbench/workbench/fixtures";
import { loadContract, VENDOR_SHAPES } from "../../src/fixtures/test-contracts.ts";
import { schemaPointer } from "@contract-workbench/workbench/contract";
import { galleryBatches, galleryPairs } from "@contract-workbench/workbench/storybook";
import { throughTheClient } from "./through-the-client.ts";

const BASE = "http://api.test/v1";
const loaded = await loadContract(VENDOR_SHAPES);

describe("a contract shaped like vendors' own", () => {
  const { fixtures, server, client, sent, violations } = throughTheClient(loaded, BASE);
  // The fixtures warn, as they should, about the examples that break their schema and the unsatisfiable pair.
  beforeAll(() => vi.spyOn(console, "warn").mockImplementation(() => undefined));
  afterAll(() => vi.restoreAllMocks());

  describe("a contract that contradicts itself", () => {
    it("reads a child's discriminator value from Azure's x-ms-discriminator-value, not from its name", async () => {
      const { data } = await client.GET("/databases/{name}", { params: { path: { name: "orders" } } });
      expect(["ReadWrite", "ReadOnlyFollowing"]).toContain((data as { kind: string }).kind);
      expect(await violations()).toEqual([]);
    });

    it("proves a pair unsatisfiable when the discriminator's implied value contradicts the enum, and fails nothing", async () => {
      expect(fixtures.unsatisfiable("getCluster", 200)).toBe(
        "one branch of the oneOf at #/components/schemas/Cluster/oneOf, and each branch requires what none can hold " +
          '(branch 1: the enum ["Basic", "Standard"] at #/components/schemas/Cluster_base/properties/tier/enum together ' +
          'with the const "BasicCluster" at #/components/schemas/Cluster/oneOf/0/allOf/1/properties/tier/const, which no value satisfies)',
      );
      expect(fixtures.unsatisfiable("getCluster", 404)).toBeUndefined();
      expect(fixtures.unsatisfiable("listClusters", 200)).toBeUndefined();
      const one = await client.GET("/clusters/{name}", { params: { path: { name: "c1" } } });
      expect(one.response.status).toBe(200);
      expect(one.data).toBeUndefined();
      // A list of things that cannot exist is empty, which is valid.
      expect((await client.GET("/clusters")).data).toEqual([]);
      expect(await violations()).toEqual([]);
    });

    it("says so at npm run api, located at the response (and the request) in the contract", () => {
      const said = (loaded.warnings ?? [])
        .filter((warning) => warning.rule === "unsatisfiable-schema")
        .map((warning) => `${warning.file}:${warning.line} ${warning.pointer}`);
      expect(said).toEqual([
        `${VENDOR_SHAPES}:37 #/paths/~1clusters~1{name}/get/responses/200/content/application~1json/schema`,
        `${VENDOR_SHAPES}:61 #/paths/~1issues/post/requestBody/content/application~1json/schema`,
      ]);
      expect(loaded.warnings?.find((warning) => warning.rule === "unsatisfiable-schema")?.message).toMatch(
        /^getCluster → 200 \(application\/json\): no body satisfies this schema; it requires one branch of the oneOf/,
      );
    });
  });

  describe("a request the contract makes impossible (Jira's required property its additionalProperties forbids)", () => {
    it("is said at npm run api, at the body's schema, as unsendable", () => {
      const said = loaded.warnings?.find((warning) => warning.pointer?.startsWith("#/paths/~1issues/"));
      expect(said?.message).toMatch(
        /^createIssue: no value satisfies the request body \(application\/json\), which the operation requires; it requires .*fields/,
      );
    });

    it("gives a sample request that sends nothing and says why, and no default answer breaks", () => {
      const sample = fixtures.sampleRequest("createIssue");
      expect(sample.body).toBeUndefined();
      expect(sample.unsendable).toEqual([
        expect.stringMatching(/^its request body cannot be sent, since no value satisfies its schema: /),
      ]);
      expect(fixtures.unsatisfiable("createIssue", 201)).toBeUndefined();
    });
  });

  describe("optional values a contract makes impossible where they are", () => {
    it("are left out: a child's property its base's additionalProperties refuses, and the reverse; the rest drawn as their keywords say", async () => {
      const application = await client.GET("/directory/applications/{objectId}", {
        params: { path: { objectId: "a1" } },
      });
      expect(application.data).toHaveProperty("objectId");
      expect(application.data).not.toHaveProperty("allowGuestsSignIn");
      expect(application.data).not.toHaveProperty("displayName");
      const factory = await client.GET("/factories/{factoryName}", { params: { path: { factoryName: "f1" } } });
      expect(factory.data).toHaveProperty("identity");
      expect(factory.data).not.toHaveProperty("eTag");
      const { maxDocumentCharacters, label } = factory.data as { maxDocumentCharacters: number; label: string };
      expect(Number.isInteger(maxDocumentCharacters)).toBe(true);
      expect(label).toMatch(/^[\p{L}\p{Z}\p{N}_.:/=+\-@]+$/u);
      expect(await violations()).toEqual([]);
    });

    it("are never drawn: a discriminated base's abstract child, whose implied value no enum allows", async () => {
      const { data } = await client.GET("/upgrades/{upgradeId}", { params: { path: { upgradeId: "u1" } } });
      const { pendingChecks } = data as { pendingChecks: Array<{ kind: string }> };
      for (const check of pendingChecks) expect(check.kind).toBe("EnsureSeedNodeQuorum");
      expect(fixtures.unsatisfiable("getUpgrade", 200)).toBeUndefined();
      expect(await violations()).toEqual([]);
    });
  });

  describe("an enum that narrows a referenced list inside items and nested objects", () => {
    const scopes = (application: unknown): string[][] => {
      const { install_params, integration_types_config, redirect_scopes } = application as {
        install_params?: { scopes: string[] };
        integration_types_config?: { guild?: { oauth2_install_params?: { scopes: string[] } } };
        redirect_scopes?: string[][];
      };
      return [
        [...(install_params?.scopes ?? []), ...(integration_types_config?.guild?.oauth2_install_params?.scopes ?? [])],
        (redirect_scopes ?? []).flat(),
      ];
    };

    it("draws from the narrowed values at every depth, whatever the seed", () => {
      const data = createFixtureData(loaded.contract, fixtures.validator);
      for (let seed = 0; seed < 40; seed++) {
        const { value, failures } = data.generate("#/components/schemas/Application", { seed, scenario: "default" });
        expect(failures).toEqual([]);
        const [install, redirect] = scopes(value);
        for (const scope of install ?? []) expect(["applications.commands", "bot"]).toContain(scope);
        for (const scope of redirect ?? []) expect(["identify", "email"]).toContain(scope);
      }
    });

    it("in the defaults, the store's lists and the gallery's sample requests alike", async () => {
      const listed = (await client.GET("/applications")).data as unknown[];
      expect(listed.length).toBeGreaterThan(0);
      for (const application of [...listed, fixtures.fixture("getApplication", 200)]) {
        for (const scope of scopes(application)[0] ?? []) expect(["applications.commands", "bot"]).toContain(scope);
      }
      const { params, body } = fixtures.sampleRequest("updateApplication");
      const pointer = schemaPointer("updateApplication", "requestBody", "content", "application/json", "schema");
      expect(fixtures.validator.check(pointer, body)).toEqual([]);
      const changed = await client.PATCH("/applications/{applicationId}", { params, body });
      expect(changed.response.status).toBe(200);
      expect(await violations()).toEqual([]);
    });
  });

  describe("examples that break their schema", () => {
    it("are skipped in answers, lists, nested values and sample requests, and what replaces them keeps the schema", async () => {
      const one = fixtures.fixture("getSchedule", 200) as { schedule: { name: string } };
      expect(one.schedule.name).not.toBe("Weekdays");
      const { schedules } = fixtures.fixture("listSchedules", 200) as { schedules: Array<{ name: string }> };
      expect(schedules.map(({ name }) => name)).not.toContain("Nights");
      const { params, body } = fixtures.sampleRequest("replaceSchedule");
      expect(body).not.toMatchObject({ schedule: { share: null } });
      await client.GET("/schedules/{scheduleId}", { params: { path: { scheduleId: "PABC123" } } });
      await client.GET("/schedules");
      await client.PUT("/schedules/{scheduleId}", { params, body });
      expect(await violations()).toEqual([]);
    });
  });

  describe("variants of one method and URL", () => {
    it("are told apart by the request's media type: JSON Patch is not the variant that takes JSON", async () => {
      const patch = await client.PATCH("/documents/{documentId}#patch", {
        params: { path: { documentId: "d1" } },
        body: [{ op: "replace", path: "/title", value: "Minutes" }],
      });
      const merge = await client.PATCH("/documents/{documentId}#merge", {
        params: { path: { documentId: "d1" } },
        body: { title: "Minutes" },
      });
      expect(patch.data).toEqual({ how: "patch" });
      expect(merge.data).toEqual({ how: "merge" });
      expect(sent.map((request) => request.headers.get("Content-Type"))).toEqual([
        "application/json-patch+json",
        "application/json",
      ]);
      expect(await violations()).toEqual([]);
    });

    it("are told apart by a header only one of them requires, in the defaults and in a gallery story alike", async () => {
      const folder = await client.GET("/shared_items#folders", {
        params: { header: { sharedlink: "https://app.example/s/1", "x-item-type": "folder" } },
      });
      const file = await client.GET("/shared_items#files", {
        params: { header: { sharedlink: "https://app.example/s/2" } },
      });
      expect(folder.data).toMatchObject({ type: "folder" });
      expect(file.data).toMatchObject({ type: "file" });
      server.use(fixtures.respond("getSharedFile", 200), fixtures.respond("getSharedFolder", 200));
      const story = await client.GET("/shared_items#folders", {
        params: fixtures.sampleRequest("getSharedFolder").params,
      });
      expect(story.data).toMatchObject({ type: "folder" });
      expect(await violations()).toEqual([]);
    });

    it("are reported as indistinguishable by npm run api only where nothing a request carries tells them apart", () => {
      const said = (loaded.warnings ?? []).filter((warning) => warning.rule === "shared-endpoint");
      expect(said.map((warning) => warning.pointer)).toEqual([
        "#/paths/~1folders~1{folderId}#add_shared_link/put",
        "#/paths/~1shared_links#folders/get",
      ]);
    });
  });

  describe("variants only a fragment names (Box's shared links)", () => {
    const SHARED = ["addFolderSharedLink", "updateFolderSharedLink", "removeFolderSharedLink"];
    const BY_LINK = ["getFolderBySharedLink", "getWebLinkBySharedLink"];
    const operationOf = (id: string) => loaded.manifest.operations.find((operation) => operation.operationId === id)!;

    /** The call a gallery story of `id` makes: its sample request, through the app's client. */
    async function storyCall(id: string) {
      const { method, path } = operationOf(id);
      const { params, body, mediaType, encoding } = fixtures.sampleRequest(id);
      const call = client[method.toUpperCase() as "GET" | "PUT"];
      return call(path, { params, ...(body === undefined ? {} : { body, ...bodyOptionsFor(mediaType!, encoding) }) });
    }

    /** What the answer to `id`'s call breaks in `id`'s own 200 schema. */
    const wrongAnswer = (id: string, data: unknown) =>
      fixtures.validator.check(schemaPointer(id, "responses", "200", "content", "application/json", "schema"), data);

    /** The exchanges the fixtures saw, with the note any left. */
    function exchanges() {
      const seen: Array<{ operationId: string; note?: string }> = [];
      const stop = fixtures.onExchange(({ operationId, note }) => seen.push({ operationId, note }));
      return { seen, stop };
    }

    it("are never put in one gallery batch", () => {
      const batches = galleryBatches(galleryPairs(loaded.manifest));
      for (const batch of batches) {
        const ids = batch.map((pair) => pair.operationId);
        expect(ids.filter((id) => SHARED.includes(id)).length, ids.join()).toBeLessThanOrEqual(1);
        expect(ids.filter((id) => BY_LINK.includes(id)).length, ids.join()).toBeLessThanOrEqual(1);
      }
    });

    it("answer each story of a gallery batch with its own operation and check its request against its own schema", async () => {
      for (const batch of galleryBatches(galleryPairs(loaded.manifest))) {
        const ids = batch.map((pair) => pair.operationId).filter((id) => SHARED.includes(id) || BY_LINK.includes(id));
        if (ids.length === 0) continue;
        server.resetHandlers(...fixtures.handlers);
        server.use(...batch.map((pair) => fixtures.respond(pair.operationId, pair.status)));
        for (const id of ids) expect(wrongAnswer(id, (await storyCall(id)).data), id).toEqual([]);
        expect(await violations()).toEqual([]);
      }
    });

    it("are told apart by the body's shape against each one's schema, whichever stories are on the page", async () => {
      server.use(...SHARED.map((id) => fixtures.respond(id, 200)));
      expect(fixtures.sampleRequest("removeFolderSharedLink").body).toEqual({ shared_link: null });
      const removed = await storyCall("removeFolderSharedLink");
      expect(removed.data).toMatchObject({ type: "folder", shared_link: null });
      expect(wrongAnswer("removeFolderSharedLink", removed.data)).toEqual([]);
      expect(await violations()).toEqual([]);
    });

    it("answer with the operation the story asks for where the request tells nothing", async () => {
      server.use(fixtures.respond("updateFolderSharedLink", 200), fixtures.respond("getWebLinkBySharedLink", 200));
      const { seen, stop } = exchanges();
      expect((await storyCall("getWebLinkBySharedLink")).data).toMatchObject({ type: "web_link" });
      expect(wrongAnswer("updateFolderSharedLink", (await storyCall("updateFolderSharedLink")).data)).toEqual([]);
      await fixtures.settled();
      stop();
      expect(seen).toEqual([
        { operationId: "getWebLinkBySharedLink", note: undefined },
        { operationId: "updateFolderSharedLink", note: undefined },
      ]);
      expect(await violations()).toEqual([]);
    });

    it("answer with the first by default where nothing tells them apart, with a note that names the others' places", async () => {
      const { seen, stop } = exchanges();
      expect((await storyCall("getWebLinkBySharedLink")).data).toMatchObject({ type: "folder" });
      expect((await storyCall("removeFolderSharedLink")).data).toMatchObject({ shared_link: null });
      await storyCall("updateFolderSharedLink");
      await fixtures.settled();
      stop();
      expect(seen).toEqual([
        {
          operationId: "getFolderBySharedLink",
          note:
            "GET /shared_links: getFolderBySharedLink answered, the first in the contract; nothing in the request " +
            "tells it from getWebLinkBySharedLink (#/paths/~1shared_links#web_links/get)",
        },
        { operationId: "removeFolderSharedLink", note: undefined },
        {
          operationId: "addFolderSharedLink",
          note:
            "PUT /folders/{folderId}: addFolderSharedLink answered, the first in the contract; nothing in the request " +
            "tells it from updateFolderSharedLink (#/paths/~1folders~1{folderId}#update_shared_link/put), " +
            // A link's settings fit the removal's schema too, which allows an object.
            "removeFolderSharedLink (#/paths/~1folders~1{folderId}#remove_shared_link/put)",
        },
      ]);
      expect(await violations()).toEqual([]);
    });
  });

  describe("form bodies, written and read back by their encoding", () => {
    const session = {
      mode: "payment",
      discounts: [{ coupon: "SPRING" }, { promotion_code: "promo_1" }],
      payment_method_types: ["card"],
      metadata: { order: "7" },
      line_items: [{ price: "price_1", quantity: 2, adjustable_quantity: { enabled: true, maximum: 5 } }],
      expand: ["line_items", "customer"],
      custom_text: { submit: "Pay now" },
    };

    it("writes deepObject fields with bracketed keys, and an object without encoding as its JSON text", async () => {
      const { response } = await client.POST("/checkout/sessions", { body: session });
      expect(response.status).toBe(200);
      const fields = [...new URLSearchParams(await sent.at(-1)!.text())];
      expect(fields).toEqual([
        ["mode", "payment"],
        ["discounts[0][coupon]", "SPRING"],
        ["discounts[1][promotion_code]", "promo_1"],
        ["payment_method_types[0]", "card"],
        ["metadata[order]", "7"],
        ["line_items[0][price]", "price_1"],
        ["line_items[0][quantity]", "2"],
        ["line_items[0][adjustable_quantity][enabled]", "true"],
        ["line_items[0][adjustable_quantity][maximum]", "5"],
        ["expand[0]", "line_items"],
        ["expand[1]", "customer"],
        ["custom_text", '{"submit":"Pay now"}'],
      ]);
      expect(await violations()).toEqual([]);
    });

    it("sends the empty string that unsets a list as one empty field, and reads it back as the string", async () => {
      await client.POST("/checkout/sessions", {
        body: { mode: "setup", discounts: "", payment_method_types: "", metadata: "" },
      });
      expect(await sent.at(-1)!.text()).toBe("mode=setup&discounts=&payment_method_types=&metadata=");
      expect(await violations()).toEqual([]);
    });

    it("still reports what breaks the schema, at the place in the object", async () => {
      await client.POST("/checkout/sessions", {
        body: { mode: "payment", payment_method_types: ["cash"], line_items: [{ quantity: 0 }] },
      });
      expect(await violations()).toEqual([
        'createCheckoutSession request body at /payment_method_types/0: expected one of ["card","sepa_debit"], got "cash"',
        'createCheckoutSession request body at /payment_method_types: expected type string, got ["cash"]',
        'createCheckoutSession request body at /payment_method_types: expected one of [""], got ["cash"]',
        "createCheckoutSession request body at /line_items/0/quantity: expected >= 1, got 0",
      ]);
    });

    it("sends the gallery's sample request as the contract's encoding says", async () => {
      const sample = fixtures.sampleRequest("createCheckoutSession");
      expect(sample.encoding).toMatchObject({ discounts: { style: "deepObject", explode: true } });
      const { response } = await client.POST("/checkout/sessions", {
        body: sample.body,
        ...bodyOptionsFor(sample.mediaType ?? "", sample.encoding),
      });
      expect(response.status).toBe(200);
      expect(await violations()).toEqual([]);
    });

    it("writes a multipart part as JSON only where its content type says so, and a form-exploded object as its members", async () => {
      const { response } = await client.POST("/uploads", {
        body: {
          file: new Blob(["%PDF-1.7"], { type: "application/pdf" }),
          purpose: "batch",
          note: '{"looks":"like JSON"}',
          attributes: { source: "scanner" },
          tags: ["invoice", "2026"],
          options: { resize: true, quality: 80 },
        },
      });
      expect(response.status).toBe(200);
      const form = await sent.at(-1)!.formData();
      expect(form.get("note")).toBe('{"looks":"like JSON"}');
      expect(form.get("attributes")).toBe('{"source":"scanner"}');
      expect(form.getAll("tags")).toEqual(["invoice", "2026"]);
      expect([form.get("resize"), form.get("quality"), form.has("options")]).toEqual(["true", "80", false]);
      expect(await violations()).toEqual([]);
      await client.POST("/uploads", {
        body: { file: new Blob(["x"]), purpose: "batch", options: { quality: 0 } },
      });
      expect(await violations()).toEqual(["createUpload request body at /options/quality: expected >= 1, got 0"]);
    });
  });
});

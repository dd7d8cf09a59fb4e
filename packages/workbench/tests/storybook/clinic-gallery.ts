// The clinic contract as the gallery's own stories take it: its fixtures, and hooks on a client
// that knows its `security` (its `deletePet` requires `bearer` and declares a 401).
import { createApiClient, createApiHooks } from "@contract-workbench/runtime";
import type { GalleryContract } from "../../src/gallery/gallery-story.tsx";
import { clinic, clinicManifest } from "../../../../tests/contracts/clinic/fixtures.ts";
import type { paths } from "../../../../tests/contracts/clinic/generated/schema.d.ts";

export const clinicGallery: GalleryContract = {
  source: clinic,
  mocks: clinic,
  hooks: createApiHooks(createApiClient<paths>({ operations: clinicManifest.operations }), {
    manifest: clinicManifest,
  }),
};

// How this repository calls an operation from a screen, and where screens live: the tools all write it from here.
import { posix } from "node:path";
import type { ManifestOperation, ManifestParameter } from "@contract-workbench/runtime/manifest";
import type { NamedContract } from "../contract/registry.ts";
import { UNTAGGED, firstTag } from "../contract/records.ts";

/** `getPetById` → `get-pet-by-id`; `Pet store` → `pet-store`. */
export function kebab(text: string): string {
  return (
    text
      .replace(/([a-z0-9])([A-Z])/g, "$1-$2")
      .replace(/[^A-Za-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .toLowerCase() || "screen"
  );
}

const capital = (word: string) => (word[0] ?? "").toUpperCase() + word.slice(1);

/** `get-pet-by-id` → `GetPetById`. */
export function pascal(text: string): string {
  return kebab(text).split("-").map(capital).join("");
}

/** `X-Request-Id` → `xRequestId`: a variable for a parameter's value. */
export function variable(name: string): string {
  const joined = kebab(name)
    .split("-")
    .map((word, index) => (index === 0 ? word : capital(word)))
    .join("");
  return /^[a-z_$]/.test(joined) ? joined : `value${pascal(joined)}`;
}

/** A property key as written in code: bare when it can be. */
export function key(name: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name);
}

/** Where a screen for an operation lives: its feature folder (the first tag, else the path's first segment) and files. */
export function screenPlace(operation: ManifestOperation) {
  const tag = firstTag(operation.tags);
  const segment = operation.path.split("/").find((part) => part !== "" && !part.startsWith("{"));
  const feature = kebab(tag === UNTAGGED ? (segment ?? "screens") : tag);
  const folder = `src/features/${feature}`;
  const base = kebab(operation.operationId);
  const words = base.split("-").join(" ");
  return {
    feature,
    folder,
    component: `${pascal(operation.operationId)}Screen`,
    componentFile: `${folder}/${base}-screen.tsx`,
    storiesFile: `${folder}/${base}-screen.stories.tsx`,
    title: `${pascal(feature)}/${words[0]?.toUpperCase() ?? ""}${words.slice(1)}`,
  };
}

/** An import specifier for a repository file, from a file in `fromFolder` (aliases where the repository has them). */
export function specifier(file: string, fromFolder: string): string {
  if (file.startsWith("src/")) return `@/${file.slice("src/".length)}`;
  if (file.startsWith("mocks/")) return `#mocks/${file.slice("mocks/".length)}`;
  const relative = posix.relative(fromFolder, file);
  return relative.startsWith(".") ? relative : `./${relative}`;
}

/** The module a story imports the contract's fixtures from, and the name it has there. */
export function fixturesImport(entry: NamedContract, fromFolder: string): { line: string; name: string } {
  // The product's fixtures module also replays the recorded answers (the `recorded` scenario).
  const file = entry.role === "product" ? "mocks/fixtures.ts" : entry.fixtures;
  return { line: `import { fixtures } from "${specifier(file, fromFolder)}";`, name: "fixtures" };
}

function paramsInit(operation: ManifestOperation): string {
  const groups = new Map<ManifestParameter["in"], string[]>();
  const add = (place: ManifestParameter["in"], entry: string) =>
    groups.set(place, [...(groups.get(place) ?? []), entry]);
  for (const parameter of operation.parameters) {
    if (parameter.in === "cookie" || (!parameter.required && parameter.in !== "path")) continue;
    const name = variable(parameter.name);
    add(parameter.in, key(parameter.name) === name ? name : `${key(parameter.name)}: ${name}`);
  }
  const size = operation.pagination?.size;
  if (size !== undefined && !(groups.get("query") ?? []).some((entry) => entry.startsWith(key(size))))
    add("query", `${key(size)}: 20`);
  const parts = (["path", "query", "header"] as const)
    .filter((place) => groups.has(place))
    .map((place) => `${place}: { ${(groups.get(place) ?? []).join(", ")} }`);
  return parts.length === 0 ? "" : `{ params: { ${parts.join(", ")} } }`;
}

/** The hook call for an operation, its imports and, for a contract other than the product's, the `setup` making its hooks. */
export function hookCall(entry: NamedContract, operation: ManifestOperation, fromFolder: string) {
  const product = entry.role === "product";
  const hooks = product ? "api" : "hooks";
  const imports = product ? [`import { api } from "@/api/index.ts";`] : [];
  const setup: string[] = [];
  if (!product) {
    const generated = (file: string) => specifier(`${entry.generated}/${file}`, fromFolder);
    imports.push(
      `import { createApiClient, createApiHooks, type Manifest } from "@contract-workbench/runtime";`,
      `import type { paging, paths } from "${generated("schema.d.ts")}";`,
      `import generatedManifest from "${generated("manifest.json")}";`,
    );
    setup.push(
      `// The ${entry.name} contract's hooks, made as the product's are (tests/contracts/clinic/pets-pages.tsx does the same).`,
      `const manifest = generatedManifest as Manifest;`,
      `const hooks = createApiHooks<paths, paging>(createApiClient<paths>({ operations: manifest.operations }), { manifest });`,
    );
  }
  const init = paramsInit(operation);
  const args = [`"${operation.method}"`, JSON.stringify(operation.path), ...(init ? [init] : [])].join(", ");
  const name =
    variable(operation.operationId.replace(/^(get|list|find|fetch|read|search)(?=[A-Z_-])/i, "")) || "result";
  const made = (call: string, usage: string, more: string[] = []) => ({
    imports: [...imports, ...more],
    setup,
    call: `const ${name} = ${hooks}.${call};`,
    usage,
  });
  if (operation.method === "get" && operation.pagination !== undefined)
    return made(
      `useInfiniteQuery(${args})`,
      `${name}.data?.pages.flatMap((page) => page.data) holds the items so far; ${name}.fetchNextPage() asks for the next ` +
        `page as the contract's paging record says (${operation.pagination.style}); ${name}.hasNextPage is false on the last.`,
    );
  if (operation.method === "get" || operation.method === "head")
    return made(
      `useQuery(${args})`,
      `<QueryBoundary query={${name}}>{(data) => …}</QueryBoundary> renders loading, error (ErrorState), empty and the data.`,
      [`import { QueryBoundary } from "@/components/query-boundary.tsx";`],
    );
  const body = operation.requestBody === null ? "" : `, body`;
  const mutate = init ? `${init.slice(0, -2)}${body} }` : body ? "{ body }" : "{}";
  return made(
    `useMutation(${[`"${operation.method}"`, JSON.stringify(operation.path)].join(", ")})`,
    `${name}.mutate(${mutate}) sends it; ${name}.isPending while it runs, ${name}.error (an ApiError) when it fails; ` +
      "the reads of the resource it changes refresh once it succeeds (`invalidates` extends or turns that off).",
  );
}

const STATE_NAMES: Record<string, string> = {
  "400": "BadRequest",
  "401": "Unauthorized",
  "403": "Forbidden",
  "404": "NotFound",
  "409": "Conflict",
  "422": "Invalid",
  "429": "RateLimited",
  "500": "ServerError",
  "503": "Unavailable",
};

/** A story's name for an answer with `status`, after the screen's: "" for a success, `NotFound`, `Status4XX`. */
export function stateName(status: string): string {
  if (/^2/.test(status)) return "";
  return STATE_NAMES[status] ?? (status === "default" ? "UnexpectedError" : `Status${status.toUpperCase()}`);
}

/** The one-line override a story or test writes to get an answer with `status`. */
export function respondLine(operationId: string, status: string): string {
  return `parameters: { msw: { handlers: [fixtures.respond(${JSON.stringify(operationId)}, ${/^\d{3}$/.test(status) ? status : JSON.stringify(status)})] } }`;
}

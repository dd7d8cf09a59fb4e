// The "build a screen" prompt, in this repository's conventions; the data a story asserts is asked of the fixtures.
import { isRecord } from "../contract/records.ts";
import type { ContractReader } from "./contracts.ts";
import type { FixtureAnswers } from "./fixture-answer.ts";
import { bounded } from "./results.ts";
import { fixturesImport, hookCall, key, respondLine, screenPlace, stateName, variable } from "./screen-code.ts";

/** A top-level text field of a success answer (of its first item, for a list), and its value, for a story to find on screen. */
function shownField(body: unknown): { path: string; value: string } | undefined {
  const list = Array.isArray(body);
  const item: unknown = list ? body[0] : body;
  if (!isRecord(item)) return undefined;
  for (const [name, value] of Object.entries(item)) {
    if (typeof value === "string" && value.trim() !== "" && value.length <= 60 && /^[A-Za-z_$][\w$]*$/.test(name))
      return { path: `${list ? "[0]" : ""}.${name}`, value };
  }
  return undefined;
}

export async function screenPrompt(
  contracts: ContractReader,
  answers: FixtureAnswers,
  operationId: string,
  contract?: string,
): Promise<string> {
  const { loaded, operation } = contracts.find(operationId, contract);
  const id = operation.operationId;
  const place = screenPlace(operation);
  const hook = hookCall(loaded.entry, operation, place.folder);
  const fixtures = fixturesImport(loaded.entry, place.folder);
  const sample = await answers.sampleRequest(id, loaded.entry.name);
  const read = operation.method === "get" || operation.method === "head";
  const success = operation.responses.find((response) => /^2/.test(response.status))?.status;
  const answered =
    success === undefined
      ? undefined
      : await answers.answer({ operationId: id, contract: loaded.entry.name, status: success, scenario: "default" });
  const body = answered && "body" in answered ? answered.body : undefined;
  const field = read ? shownField(body) : undefined;
  const called = hook.call.match(/^const (\w+)/)?.[1] ?? "result";
  const props = Object.entries(sample.params.path ?? {});
  const args =
    props.length > 0
      ? `  args: { ${props.map(([name, value]) => `${key(name)}: ${JSON.stringify(value)}`).join(", ")} },\n`
      : "";

  const alerted = `await expect(await canvas.findByRole("alert")).toBeVisible();`;
  const states: Array<{ story: string; comment: string; config: string; play: string[] }> = [];
  const inScenario = (story: string, comment: string, scenario: string, play: string[]) =>
    states.push({ story, comment, config: `  globals: { scenario: "${scenario}" },\n`, play });
  if (success !== undefined) {
    states.push({
      story: "Default",
      comment: `The contract's ${success}: its examples first, else data that fits each field.`,
      config: "",
      play: field
        ? [
            `const expected = ${fixtures.name}.fixture(${JSON.stringify(id)}, ${/^\d+$/.test(success) ? success : JSON.stringify(success)})${field.path};`,
            "await expect(await canvas.findByText(expected)).toBeVisible();",
          ]
        : [
            `await waitFor(() => expect(canvasElement.querySelector("[data-state]")).toHaveAttribute("data-state", "success"));`,
          ],
    });
  }
  if (read) {
    inScenario("Loading", "Every answer held back a moment (the `slow` scenario).", "slow", [
      `await expect(canvas.getByRole("status")).toBeVisible();`,
    ]);
    if (Array.isArray(body) || operation.pagination !== undefined)
      inScenario("Empty", "Collections as small as the contract allows (the `empty` scenario).", "empty", [
        `await expect(await canvas.findByText("Nothing here yet")).toBeVisible();`,
      ]);
  }
  const errors = operation.responses.filter((response) => /^([45]\d\d|[45]XX|default)$/i.test(response.status));
  for (const { status } of errors) {
    states.push({
      story: stateName(status),
      comment: `The contract's ${status} answer.`,
      config: `  ${respondLine(id, status)},\n`,
      play: read ? [alerted] : ["// Submit as a user would, then:", alerted],
    });
  }
  if (read)
    inScenario(
      "Offline",
      "No answer at all (the `offline` scenario): the error state says so and offers a retry.",
      "offline",
      [alerted, `await expect(canvas.getByRole("button", { name: /retry/i })).toBeVisible();`],
    );

  const stories = states
    .map((state) =>
      [
        `/** ${state.comment} */`,
        `export const ${state.story}: Story = {`,
        state.config.trimEnd(),
        "  play: async ({ canvasElement }) => {",
        "    const canvas = within(canvasElement);",
        ...state.play.map((line) => `    ${line}`),
        "  },",
        "};",
      ]
        .filter((line) => line !== "")
        .join("\n"),
    )
    .join("\n\n");
  const storyFile = [
    `// Every state of ${place.component}, one story each with a play function that asserts it.`,
    `import type { Meta, StoryObj } from "@storybook/react-vite";`,
    `import { expect${states.some((state) => state.play.join().includes("waitFor")) ? ", waitFor" : ""}, within } from "storybook/test";`,
    fixtures.line,
    `import { ${place.component} } from "./${place.componentFile.split("/").pop() ?? ""}";`,
    "",
    "const meta = {",
    `  title: ${JSON.stringify(place.title)},`,
    `  component: ${place.component},`,
    args.trimEnd(),
    `} satisfies Meta<typeof ${place.component}>;`,
    "",
    "export default meta;",
    "type Story = StoryObj<typeof meta>;",
    "",
    stories,
  ]
    .filter((line, index, lines) => line !== "" || lines[index - 1] !== "")
    .join("\n");

  const propsType =
    props.length === 0
      ? ""
      : `{ ${props.map(([name]) => (key(name) === name ? name : `${key(name)}: ${variable(name)}`)).join(", ")} }: { ${props.map(([name, value]) => `${key(name)}: ${typeof value === "number" ? "number" : "string"}`).join("; ")} }`;
  const screen = [
    ...hook.imports,
    "",
    ...hook.setup,
    ...(hook.setup.length > 0 ? [""] : []),
    `export function ${place.component}(${propsType}) {`,
    `  ${hook.call}`,
    read && operation.pagination === undefined
      ? `  return <QueryBoundary query={${called}}>{(data) => /* render data with src/components */ null}</QueryBoundary>;`
      : `  // ${hook.usage}`,
    "}",
  ].join("\n");

  return [
    `Build a screen for ${id} (${operation.method.toUpperCase()} ${operation.path}) of the ${loaded.entry.name} contract, as this repository builds screens (docs/features.md; src/features/identity is a worked example). Call the operation only through the hooks; never write its types or data by hand: they come from the contract.`,
    "",
    `## 1. The screen: ${place.componentFile}`,
    "",
    "```tsx",
    screen,
    "```",
    "",
    hook.usage,
    ...(operation.pagination ? [`Paging record: ${JSON.stringify(operation.pagination)}.`] : []),
    "",
    "## 2. Its states, and the fixture override that puts a story in each",
    "",
    `Every operation already answers from the contract's fixtures (\`${fixtures.line}\`); a state is a scenario or one typed line.`,
    ...states
      .filter((state) => state.config !== "")
      .map((state) => `- ${state.story}: \`${state.config.trim().replace(/,$/, "")}\``),
    ...operation.responses
      .filter((response) => /^2/.test(response.status))
      .map(
        (response) =>
          `- particular data for ${response.status}: \`${respondLine(id, response.status).replace(/\)\] \} \}$/, ", { …a body the contract types… })] } }")}\``,
      ),
    ...(body !== undefined && success !== undefined
      ? [
          "",
          `What the ${success} fixture answers now (describe_operation and fixture_answer tell more):`,
          "```json",
          JSON.stringify(bounded(body, "#", 4_000), null, 2),
          "```",
        ]
      : []),
    "",
    `## 3. The stories: ${place.storiesFile}`,
    "",
    "```tsx",
    storyFile,
    "```",
    "",
    "## 4. Check",
    "",
    `- \`npm run typecheck\`, \`npx eslint --max-warnings=0 ${place.componentFile} ${place.storiesFile}\`, \`npx prettier --write\` on both.`,
    `- \`npx vitest run --project storybook ${place.storiesFile}\` runs each story in Chromium, axe included; the new stories need visual baselines (\`npm run test:visual:update\`).`,
    "- The coverage_gaps tool then lists what this operation still lacks.",
  ].join("\n");
}

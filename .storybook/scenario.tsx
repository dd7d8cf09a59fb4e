import type { Decorator, Preview } from "@storybook/react-vite";
import { useEffect, useState } from "react";
import { fixtures } from "#mocks/fixtures.ts";
import { fixturesSession } from "#mocks/fixtures-session.ts";
import { SCENARIO_NAMES, SCENARIOS, isScenario, formatViolation } from "@contract-workbench/workbench/fixtures";
import "./scenario.css";

/**
 * The Scenario menu: every operation's default fixture answers in the chosen state
 * (empty, many, long text, slow, error, offline, unauthorized). Settable per story
 * with `globals: { scenario: "empty" }`.
 */
export const scenarioGlobalType: NonNullable<Preview["globalTypes"]> = {
  scenario: {
    description: "Fixture scenario: what every mocked operation answers",
    toolbar: {
      title: "Scenario",
      icon: "database",
      dynamicTitle: true,
      items: SCENARIO_NAMES.map((name) => ({ value: name, title: name, right: SCENARIOS[name] })),
    },
  },
};

/**
 * Puts the fixtures in the story's scenario before it renders, and remounts the
 * story when the scenario changes so that its queries run again against the new data.
 * A story with `parameters: { defaultFixtures: false }` gets no default answers: each
 * request it sends needs a handler of its own.
 */
export const withScenario: Decorator = (Story, context) => {
  const chosen: unknown = context.globals.scenario;
  const scenario = isScenario(chosen) ? chosen : "default";
  // Set during render, before the story's effects send their requests; the session is
  // shared by every fixtures instance (product, identity, analytics), so all switch.
  fixturesSession.setScenario(scenario);
  fixtures.setDefaults(context.parameters.defaultFixtures !== false);
  return (
    <div key={scenario} style={{ display: "contents" }}>
      <Story />
    </div>
  );
};

/** Lists the contract violations the mocks saw while this story ran, on the story itself. */
function ContractViolations() {
  const [messages, setMessages] = useState<string[]>([]);
  useEffect(
    () => fixturesSession.onViolation((violation) => setMessages((seen) => [...seen, formatViolation(violation)])),
    [],
  );
  if (messages.length === 0) return null;
  return (
    <aside className="contract-violations" role="alert" aria-label="Contract violations">
      <p className="contract-violations__title">
        The mocked API broke the contract {messages.length === 1 ? "once" : `${messages.length} times`}:
      </p>
      <ul>
        {messages.map((message, index) => (
          <li key={index}>{message}</li>
        ))}
      </ul>
    </aside>
  );
}

export const withContractViolations: Decorator = (Story) => (
  <>
    <ContractViolations />
    <Story />
  </>
);

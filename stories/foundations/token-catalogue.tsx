import { useLayoutEffect, useState } from "react";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/table.tsx";
import "./token-catalogue.css";

/** The token groups the catalogue shows, by custom-property prefix, in reading order. */
export const TOKEN_GROUPS = [
  { prefix: "--color-", title: "Colour roles", kind: "color" },
  { prefix: "--space-", title: "Spacing", kind: "length" },
  { prefix: "--radius-", title: "Radius", kind: "radius" },
  { prefix: "--font-", title: "Type", kind: "type" },
  { prefix: "--line-height", title: "Type", kind: "type" },
  { prefix: "--shadow-", title: "Elevation", kind: "shadow" },
  { prefix: "--focus-ring-", title: "Focus", kind: "length" },
  { prefix: "--duration-", title: "Motion", kind: "text" },
  { prefix: "--easing-", title: "Motion", kind: "text" },
] as const;

export interface Token {
  name: string;
  /** As the current theme resolves it. */
  value: string;
}

/**
 * Every design token, read from the stylesheets the components use (the `:root`
 * rules of src/styles/tokens.css): there is no second list to keep in sync.
 */
export function readTokens(): Token[] {
  const names = new Set<string>();
  for (const sheet of Array.from(document.styleSheets)) {
    let rules: CSSRuleList;
    try {
      rules = sheet.cssRules;
    } catch {
      continue; // a cross-origin stylesheet cannot be read, and holds none of ours
    }
    for (const rule of Array.from(rules)) {
      if (!(rule instanceof CSSStyleRule) || rule.selectorText !== ":root") continue;
      for (const property of Array.from(rule.style)) {
        if (TOKEN_GROUPS.some((group) => property.startsWith(group.prefix))) names.add(property);
      }
    }
  }
  const computed = getComputedStyle(document.documentElement);
  return [...names].map((name) => ({ name, value: computed.getPropertyValue(name).trim() }));
}

function Sample({ name, kind }: { name: string; kind: (typeof TOKEN_GROUPS)[number]["kind"] }) {
  const value = `var(${name})`;
  switch (kind) {
    case "color":
      return <span className="token-sample token-sample--color" style={{ background: value }} />;
    case "length":
      return <span className="token-sample token-sample--length" style={{ inlineSize: value }} />;
    case "radius":
      return <span className="token-sample token-sample--radius" style={{ borderRadius: value }} />;
    case "shadow":
      return <span className="token-sample token-sample--shadow" style={{ boxShadow: value }} />;
    case "type":
      return name.startsWith("--font-size") ? (
        <span style={{ fontSize: value }}>Aa</span>
      ) : name.startsWith("--font-weight") ? (
        <span style={{ fontWeight: value }}>Aa</span>
      ) : name.startsWith("--font-family") ? (
        <span style={{ fontFamily: value }}>Aa</span>
      ) : name.startsWith("--line-height") ? (
        <span className="token-sample--line-height" style={{ lineHeight: value }}>
          Two lines
          <br />
          of text
        </span>
      ) : null;
    case "text":
      return null;
  }
}

/**
 * The Foundations page: each token with its current value and a sample, grouped by
 * role. Values follow the theme chosen in the toolbar.
 */
export function TokenCatalogue({ theme }: { theme?: string }) {
  const [tokens, setTokens] = useState<Token[]>([]);
  // The values depend on the theme attribute the workbench sets on <html> in a layout
  // effect, so they can only be read after it, not during render.
  // eslint-disable-next-line react-hooks/set-state-in-effect
  useLayoutEffect(() => setTokens(readTokens()), [theme]);
  const titles = [...new Set(TOKEN_GROUPS.map((group) => group.title))];
  return (
    <div className="token-catalogue">
      {titles.map((title) => {
        const inGroup = tokens.filter((token) =>
          TOKEN_GROUPS.some((group) => group.title === title && token.name.startsWith(group.prefix)),
        );
        return (
          <section key={title} aria-labelledby={`tokens-${title}`}>
            <h2 id={`tokens-${title}`}>{title}</h2>
            <Table>
              <TableHeader>
                <TableRow>
                  <TableHead>Token</TableHead>
                  <TableHead>Value</TableHead>
                  <TableHead>Sample</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {inGroup.map((token) => {
                  const kind = TOKEN_GROUPS.find((group) => token.name.startsWith(group.prefix))?.kind ?? "text";
                  return (
                    <TableRow key={token.name} data-token={token.name}>
                      <TableCell>
                        <code>{token.name}</code>
                      </TableCell>
                      <TableCell>
                        <code>{token.value}</code>
                      </TableCell>
                      <TableCell>
                        <Sample name={token.name} kind={kind} />
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </section>
        );
      })}
    </div>
  );
}

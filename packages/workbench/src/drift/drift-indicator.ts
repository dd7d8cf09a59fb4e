// The corner badge `npm run dev` shows: plain DOM, outside the app's React tree, so its rendering is untouched.
import { formatDrift, type DriftReport } from "./drift-report.ts";
import type { Recorder } from "./recording.ts";

const STYLE = `
.contract-drift{position:fixed;inset-block-end:12px;inset-inline-end:12px;z-index:2147483647;max-inline-size:min(44rem,calc(100vw - 24px));font:13px/1.4 system-ui,sans-serif;color:#1f1300;background:#fff7e0;border:1px solid #b26b00;border-radius:8px;box-shadow:0 4px 16px rgb(0 0 0/.2)}
.contract-drift[hidden]{display:none}
.contract-drift__bar{display:flex;gap:8px;align-items:center;padding:6px 8px}
.contract-drift button{font:inherit;color:inherit;background:#fff;border:1px solid #b26b00;border-radius:6px;padding:2px 8px;cursor:pointer}
.contract-drift button:focus-visible{outline:2px solid #0b57d0;outline-offset:2px}
.contract-drift__toggle{font-weight:600}
.contract-drift__list{margin:0;padding:4px 12px 10px 28px;max-block-size:40vh;overflow:auto;font-family:ui-monospace,monospace;font-size:12px}
.contract-drift__list li{margin-block:4px;overflow-wrap:anywhere}
`;

function element<K extends keyof HTMLElementTagNameMap>(tag: K, properties: Partial<HTMLElementTagNameMap[K]> = {}) {
  return Object.assign(document.createElement(tag), properties);
}

/** Shown from the first disagreement or recorded answer; returns what removes it. */
export function mountDriftIndicator(report: DriftReport, recorder?: Recorder): () => void {
  const style = element("style", { textContent: STYLE });
  const region = element("section", { className: "contract-drift", hidden: true });
  region.setAttribute("aria-label", "Contract drift");
  const bar = element("div", { className: "contract-drift__bar" });
  const toggle = element("button", { type: "button", className: "contract-drift__toggle" });
  const copy = element("button", { type: "button", textContent: "Copy report as JSON" });
  const record = element("button", { type: "button" });
  const dismiss = element("button", { type: "button", textContent: "Dismiss" });
  const status = element("span", { className: "contract-drift__status" });
  status.setAttribute("role", "status");
  const list = element("ol", { className: "contract-drift__list", id: "contract-drift-list", hidden: true });
  toggle.setAttribute("aria-expanded", "false");
  toggle.setAttribute("aria-controls", list.id);
  bar.append(toggle, copy, ...(recorder ? [record] : []), dismiss, status);
  region.append(bar, list);
  document.head.append(style);
  document.body.append(region);
  let dismissed = false;

  function render(): void {
    const entries = report.entries();
    const count = entries.length;
    toggle.textContent = `${count} contract ${count === 1 ? "drift" : "drifts"}`;
    list.replaceChildren(...entries.map((entry) => element("li", { textContent: formatDrift(entry) })));
    const kept = recorder?.size ?? 0;
    record.textContent = `Copy ${kept} recorded ${kept === 1 ? "answer" : "answers"} as JSON`;
    record.hidden = kept === 0;
    region.hidden = dismissed || count + kept === 0;
  }
  toggle.addEventListener("click", () => {
    const open = toggle.getAttribute("aria-expanded") !== "true";
    toggle.setAttribute("aria-expanded", String(open));
    list.hidden = !open;
  });
  // Logged too, for a page without a clipboard.
  const copies = (button: HTMLButtonElement, what: string, value: () => unknown, copied: string) =>
    button.addEventListener("click", () => {
      const json = JSON.stringify(value(), null, 2);
      navigator.clipboard.writeText(json).then(
        () => (status.textContent = copied),
        () => (status.textContent = `The clipboard is not available here; the ${what} is in the console.`),
      );
      console.info(`[contract drift] ${what}`, json);
    });
  copies(copy, "report", () => report.entries(), "Copied.");
  // What mocks/recorded/recorded.json holds: the `recorded` scenario replays it.
  copies(record, "recording", () => recorder?.recording() ?? {}, "Copied: save it as mocks/recorded/recorded.json.");
  dismiss.addEventListener("click", () => {
    dismissed = true;
    render();
  });
  const unsubscribe = report.subscribe(render);
  render();
  return () => {
    unsubscribe();
    region.remove();
    style.remove();
  };
}

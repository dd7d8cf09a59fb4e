import {
  useEffect,
  useId,
  useRef,
  useState,
  useSyncExternalStore,
  type ComponentPropsWithRef,
  type ReactNode,
} from "react";
import { Button } from "@/components/button.tsx";
import type { ConsentChoice, ConsentStore } from "./consent.ts";
import "./consent-banner.css";

export interface ConsentBannerProps extends Omit<ComponentPropsWithRef<"section">, "children"> {
  /** The visitor's choice and where it is kept (`createConsentStore()`). */
  consent: ConsentStore;
  /** What is collected, in a sentence; the default describes the product's catalogue. */
  description?: ReactNode;
}

const DEFAULT_DESCRIPTION =
  "With your permission we count which screens are viewed, sign-ins and sign-ups, and errors shown, " +
  "with Google Analytics, to improve the app. Nothing is collected unless you accept, and the app works the same either way.";

/**
 * Asks the visitor for consent to analytics, remembers the answer, and lets them change
 * it later. Until they choose it is a labelled region with Accept and Decline; after,
 * it shrinks to one visible "Analytics: on/off" button that reopens it. A browser that
 * sends Global Privacy Control or Do Not Track is not asked: the region says analytics is
 * off and why. `data-state` is `unset`, `granted`, `denied` or `signal`; `data-open` is
 * set while the choice is shown.
 *
 * **When to use**: once, in the app shell, when analytics is configured (the app's
 * `AnalyticsConsent` does this). Stories and tests pass their own `consent` store.
 *
 * ```tsx
 * <ConsentBanner consent={createConsentStore()} />
 * ```
 */
export function ConsentBanner({ consent, description = DEFAULT_DESCRIPTION, className, ...props }: ConsentBannerProps) {
  const state = useSyncExternalStore(consent.subscribe, consent.get, consent.get);
  const [reopened, setReopened] = useState(false);
  const headingId = useId();
  const open = state === "unset" || (reopened && state !== "signal");
  const focusTarget = useRef<"choices" | "toggle" | null>(null);
  const firstChoice = useRef<HTMLButtonElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);

  // Keyboard users keep their place: reopening moves focus into the choices, choosing moves it to the toggle.
  useEffect(() => {
    const target =
      focusTarget.current === "choices"
        ? firstChoice.current
        : focusTarget.current === "toggle"
          ? toggle.current
          : null;
    focusTarget.current = null;
    target?.focus();
  }, [open]);

  function choose(choice: ConsentChoice) {
    consent.set(choice);
    setReopened(false);
    focusTarget.current = "toggle";
  }

  return (
    <section
      {...props}
      className={className ? `consent-banner ${className}` : "consent-banner"}
      aria-labelledby={headingId}
      data-state={state}
      data-open={open || undefined}
    >
      {open ? (
        <>
          <h2 id={headingId} className="consent-banner__title">
            Analytics
          </h2>
          <p className="consent-banner__text">{description}</p>
          {state !== "unset" ? (
            <p className="consent-banner__current">Currently {state === "granted" ? "on" : "off"}.</p>
          ) : null}
          <div className="consent-banner__actions">
            <Button ref={firstChoice} onClick={() => choose("granted")}>
              Accept
            </Button>
            <Button variant="secondary" onClick={() => choose("denied")}>
              Decline
            </Button>
          </div>
        </>
      ) : state === "signal" ? (
        <>
          <h2 id={headingId} className="consent-banner__title">
            Analytics: off
          </h2>
          <p className="consent-banner__text">
            Your browser asks sites not to track you (Global Privacy Control or Do Not Track), so nothing is collected.
          </p>
        </>
      ) : (
        <>
          <h2 id={headingId} className="visually-hidden">
            Analytics
          </h2>
          <Button
            ref={toggle}
            variant="ghost"
            size="sm"
            onClick={() => {
              setReopened(true);
              focusTarget.current = "choices";
            }}
          >
            Analytics: {state === "granted" ? "on" : "off"} · Change
          </Button>
        </>
      )}
    </section>
  );
}

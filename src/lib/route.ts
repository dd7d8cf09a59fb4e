import { useSyncExternalStore } from "react";

/**
 * The app's routes live in the URL's hash (`#/account`), so that a static host serves
 * every page from one `index.html` and no routing library is needed for a few screens.
 */
export interface Route {
  /** `/account`; `/` when the hash is empty. */
  path: string;
  /** The `next` query (`#/sign-in?next=/account`): where to return after signing in. */
  next: string | null;
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener("hashchange", onChange);
  return () => window.removeEventListener("hashchange", onChange);
}

/**
 * Parses a hash such as `#/sign-in?next=/account`.
 *
 * @example
 * parseRoute("#/sign-in?next=/account"); // { path: "/sign-in", next: "/account" }
 */
export function parseRoute(hash: string): Route {
  const [path = "", query = ""] = hash.replace(/^#/, "").split("?");
  const next = new URLSearchParams(query).get("next");
  // Only a path of this app is a place to return to (never `//elsewhere.example`).
  return {
    path: path.startsWith("/") ? path : "/",
    next: next?.startsWith("/") && !next.startsWith("//") ? next : null,
  };
}

/**
 * The current route; re-renders on navigation.
 *
 * @example
 * const { path } = useRoute();
 */
export function useRoute(): Route {
  const hash = useSyncExternalStore(subscribe, () => window.location.hash);
  return parseRoute(hash);
}

/**
 * Goes to a route of the app (`/account`), keeping the history.
 *
 * @example
 * navigate("/sign-in?next=/account");
 */
export function navigate(path: string): void {
  window.location.hash = path;
}

/** The `href` of a route, for links. */
export function href(path: string): string {
  return `#${path}`;
}

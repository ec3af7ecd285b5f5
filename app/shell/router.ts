// The app's navigation: the History API and a path the views read. Links are plain <a href> (they work with a
// middle click, a copied URL and no script); a plain click on one that stays inside the app is taken over here.
import { useEffect, useState } from "preact/hooks";
import { startNavigation } from "../api";
import { route } from "../paths";

const listeners = new Set<() => void>();

/** The paths the app renders; everything else (the API, the reference, sign-in, published sites) is a page load. */
export function isAppPath(pathname: string): boolean {
  return route(pathname) !== undefined;
}

function changed() {
  startNavigation(location.pathname);
  for (const listener of listeners) listener();
}

export function navigate(to: string, options: { replace?: boolean } = {}): void {
  const url = new URL(to, location.origin);
  if (url.origin !== location.origin || !isAppPath(url.pathname)) {
    location.assign(url.href);
    return;
  }
  const target = `${url.pathname}${url.search}${url.hash}`;
  if (target === `${location.pathname}${location.search}${location.hash}`) return;
  if (options.replace) history.replaceState(null, "", target);
  else history.pushState(null, "", target);
  changed();
  if (!url.hash) window.scrollTo(0, 0);
}

/** The current location (path and query), re-read on every navigation. */
export function useLocation(): { path: string; query: URLSearchParams } {
  const [, setTick] = useState(0);
  useEffect(() => {
    const listener = () => setTick((n) => n + 1);
    listeners.add(listener);
    return () => listeners.delete(listener);
  }, []);
  return { path: location.pathname, query: new URLSearchParams(location.search) };
}

/** Takes over same-app link clicks (not modified clicks, downloads, new tabs or other origins). */
export function interceptLinks(): void {
  startNavigation(location.pathname);
  window.addEventListener("popstate", changed);
  document.addEventListener("click", (event) => {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const anchor = (event.target as Element | null)?.closest?.("a");
    if (!anchor || anchor.target || anchor.hasAttribute("download")) return;
    const url = new URL(anchor.href, location.href);
    if (url.origin !== location.origin || !isAppPath(url.pathname)) return;
    if (url.pathname === location.pathname && url.search === location.search && url.hash) return;
    event.preventDefault();
    navigate(url.href);
  });
}

export { match, type Params } from "../paths";

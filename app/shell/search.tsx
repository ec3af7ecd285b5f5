// Search across the organization or within the current space (the API's search), results as the person types.
// Keyboard first: `/` or Ctrl-K (⌘K) opens it, arrows move through the results, Enter opens one.
import type { SearchPageResult, SearchSpaceResult } from "@gitbook/api";
import { useEffect, useRef, useState } from "preact/hooks";
import { api } from "../api";
import { navigate } from "./router";
import { type List, seg } from "./session";
import { Dialog, ErrorBox } from "./ui";

interface Hit {
  key: string;
  title: string;
  where: string;
  href: string;
}

function hitsOf(spaces: SearchSpaceResult[]): Hit[] {
  return spaces.flatMap((space) =>
    space.pages.map((page) => ({
      key: `${space.id}/${page.id}`,
      title: page.title,
      where: space.title,
      href: appPath(page.urls.app),
    })),
  );
}

/** The API gives absolute app URLs; the app follows their path on this origin. */
function appPath(url: string): string {
  const parsed = new URL(url, location.origin);
  return `${parsed.pathname}${parsed.search}${parsed.hash}`;
}

/** Opens on `/` (outside a text field) and Ctrl-K / ⌘K anywhere. */
export function useSearchShortcut(open: () => void) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      const typing = target?.closest("input, textarea, select, [contenteditable='true']");
      if ((event.key === "k" || event.key === "K") && (event.ctrlKey || event.metaKey)) {
        event.preventDefault();
        open();
      } else if (event.key === "/" && !typing && !event.ctrlKey && !event.metaKey && !event.altKey) {
        event.preventDefault();
        open();
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open]);
}

export function SearchDialog(props: {
  open: boolean;
  onClose(): void;
  organizationId?: string;
  space?: { id: string; title: string };
}) {
  const [query, setQuery] = useState("");
  const [scope, setScope] = useState<"space" | "organization">(props.space ? "space" : "organization");
  const [hits, setHits] = useState<Hit[] | undefined>(undefined);
  const [error, setError] = useState<unknown>(undefined);
  const results = useRef<HTMLUListElement>(null);
  const sent = useRef(0);

  useEffect(() => setScope(props.space ? "space" : "organization"), [props.space?.id]);

  useEffect(() => {
    const text = query.trim();
    if (!props.open || !text) {
      setHits(undefined);
      return;
    }
    // Waits for a pause in typing; an older answer arriving late is dropped.
    const id = ++sent.current;
    const timer = setTimeout(async () => {
      try {
        let found: Hit[];
        if (scope === "space" && props.space) {
          const pages = await api<List<SearchPageResult>>(
            "GET",
            `/v1/spaces/${seg(props.space.id)}/search?query=${encodeURIComponent(text)}&limit=20`,
          );
          found = pages.items.map((page) => ({
            key: page.id,
            title: page.title,
            where: props.space?.title ?? "",
            href: appPath(page.urls.app),
          }));
        } else if (props.organizationId) {
          const spaces = await api<List<SearchSpaceResult>>(
            "GET",
            `/v1/orgs/${seg(props.organizationId)}/search?query=${encodeURIComponent(text)}&limit=20`,
          );
          found = hitsOf(spaces.items);
        } else found = [];
        if (id !== sent.current) return;
        setError(undefined);
        setHits(found);
      } catch (caught) {
        if (id === sent.current) setError(caught);
      }
    }, 150);
    return () => clearTimeout(timer);
  }, [query, scope, props.open, props.space?.id, props.organizationId]);

  function open(hit: Hit | undefined) {
    if (!hit) return;
    props.onClose();
    navigate(hit.href);
  }

  return (
    <Dialog title="Search" open={props.open} onClose={props.onClose}>
      <div class="search">
        <label for="search-input" class="visually-hidden">
          Search {scope === "space" && props.space ? props.space.title : "the organization"}
        </label>
        <input
          id="search-input"
          type="search"
          aria-describedby="search-count"
          autoComplete="off"
          placeholder="Search pages"
          maxLength={512}
          value={query}
          autoFocus
          onInput={(event) => setQuery((event.target as HTMLInputElement).value)}
          onKeyDown={(event) => {
            // Enter opens the first result; the down arrow goes into the results.
            if (event.key === "Enter" && hits?.length) {
              event.preventDefault();
              open(hits[0]);
            } else if (event.key === "ArrowDown" && hits?.length) {
              event.preventDefault();
              results.current?.querySelector("a")?.focus();
            }
          }}
        />
        {props.space ? (
          <fieldset class="scope">
            <legend class="visually-hidden">Where to search</legend>
            <label>
              <input type="radio" name="search-scope" checked={scope === "space"} onChange={() => setScope("space")} />{" "}
              This space
            </label>
            <label>
              <input
                type="radio"
                name="search-scope"
                checked={scope === "organization"}
                onChange={() => setScope("organization")}
              />{" "}
              All spaces
            </label>
          </fieldset>
        ) : null}
        <ErrorBox error={error} />
        <ul
          id="search-results"
          ref={results}
          aria-label="Results"
          class="hits"
          onKeyDown={(event) => {
            // The arrows move between results (and back up to the field); Enter follows the focused link.
            if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
            event.preventDefault();
            const links = [...(results.current?.querySelectorAll("a") ?? [])];
            const at = links.indexOf(document.activeElement as HTMLAnchorElement);
            const next = at + (event.key === "ArrowDown" ? 1 : -1);
            if (next < 0) document.getElementById("search-input")?.focus();
            else links[Math.min(next, links.length - 1)]?.focus();
          }}
        >
          {hits?.map((hit) => (
            <li key={hit.key}>
              <a
                href={hit.href}
                onClick={(event) => {
                  event.preventDefault();
                  open(hit);
                }}
              >
                <span class="hit-title">{hit.title}</span> <span class="hint">{hit.where}</span>
              </a>
            </li>
          ))}
        </ul>
        <p class="hint" id="search-count" role="status">
          {hits === undefined ? "" : hits.length === 0 ? "No pages match." : `${hits.length} results`}
        </p>
      </div>
    </Dialog>
  );
}

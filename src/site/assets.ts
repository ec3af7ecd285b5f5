/**
 * The published site's stylesheet and script, served by the Worker itself (never a CDN) at fingerprinted URLs:
 * the router puts `SITE_CSS_HASH` / `SITE_JS_HASH` in the file names and answers them with immutable caching.
 *
 * The script is progressive enhancement only: every page works without it (the search form submits to the
 * HTML results page, the sidebar and its branches are <details>). It is an external file with no inline part,
 * so the pages work under a strict Content-Security-Policy (`script-src 'self'`).
 *
 * Search contract: the script reads the search form's `action` and fetches `${action}.json?q=<query>`, which
 * answers 200 `{"items": SearchHit[]}` (src/site/view.ts: title, href, snippetHtml with <mark> highlights,
 * space?). The popup keeps only the text and <mark> elements of a snippet.
 */
import { SITE_CSS } from "./assets-css";

export { SITE_CSS };

export const SITE_JS = `/* Quire published site: progressive enhancement, no dependencies. */
(function () {
  "use strict";
  var doc = document;
  var root = doc.documentElement;

  // Theme toggle (present only when visitors may switch modes; hidden until this script runs).
  var toggle = doc.querySelector("[data-theme-toggle]");
  if (toggle) {
    var KEY = "quire-color-mode";
    var systemDark = window.matchMedia("(prefers-color-scheme: dark)");
    var stored = null;
    try { stored = localStorage.getItem(KEY); } catch (e) {}
    if (stored === "light" || stored === "dark") root.setAttribute("data-mode", stored);
    var isDark = function () {
      var mode = root.getAttribute("data-mode");
      return mode === "dark" || (mode === "auto" && systemDark.matches);
    };
    var sync = function () { toggle.setAttribute("aria-pressed", isDark() ? "true" : "false"); };
    toggle.hidden = false;
    sync();
    systemDark.addEventListener("change", sync);
    toggle.addEventListener("click", function () {
      var next = isDark() ? "light" : "dark";
      root.setAttribute("data-mode", next);
      try { localStorage.setItem(KEY, next); } catch (e) {}
      sync();
    });
  }

  // Sidebar: a disclosure that starts closed on narrow screens (open without the script).
  var menu = doc.querySelector(".sidebar-menu");
  var narrow = window.matchMedia("(max-width: 51.99rem)");
  if (menu) {
    menu.open = !narrow.matches;
    narrow.addEventListener("change", function () { menu.open = !narrow.matches; });
  }

  // Insights: this page's view, posted first-party to the site's API (no cookie, no third party; the ids live in
  // this browser's storage). The page names the endpoint and its ids in <meta name="quire-insights">.
  var beacon = doc.querySelector('meta[name="quire-insights"]');
  if (beacon && window.fetch) {
    var idIn = function (store, key) {
      try {
        var value = store.getItem(key);
        if (!value) { value = Math.random().toString(36).slice(2) + Date.now().toString(36); store.setItem(key, value); }
        return value;
      } catch (e) { return "anonymous"; }
    };
    var ids = beacon.dataset;
    var view = {
      type: "page_view",
      session: {
        visitorId: idIn(window.localStorage, "quire-visitor"),
        sessionId: idIn(window.sessionStorage, "quire-session"),
        userAgent: navigator.userAgent,
        language: navigator.language || null,
        referrer: doc.referrer || null,
        cookies: {}
      },
      location: {
        url: location.href.split(/[?#]/)[0],
        siteSection: ids.siteSection || null, siteSpace: ids.siteSpace || null, siteShareKey: null,
        space: ids.space || null, revision: null, page: ids.page || null
      }
    };
    fetch(beacon.content, {
      method: "POST", keepalive: true, credentials: "omit",
      headers: { "Content-Type": "application/json" }, body: JSON.stringify({ events: [view] })
    }).catch(function () {});
  }

  // Scrollable code blocks and tables must be reachable from the keyboard.
  doc.querySelectorAll(".markdown pre, .markdown .table-wrap").forEach(function (el) {
    if (el.scrollWidth > el.clientWidth && !el.hasAttribute("tabindex")) el.setAttribute("tabindex", "0");
  });

  // Search suggestions: a listbox under the search input.
  var form = doc.querySelector("form[data-search]");
  var input = form && form.querySelector("input[name=q]");
  if (!input || !window.fetch) return;
  var endpoint = (form.getAttribute("action") || location.pathname) + ".json";
  var list = doc.createElement("ul");
  list.id = "search-suggestions";
  list.className = "search-popup";
  list.setAttribute("role", "listbox");
  list.setAttribute("aria-label", "Search suggestions");
  list.hidden = true;
  var status = doc.createElement("p");
  status.className = "visually-hidden";
  status.setAttribute("role", "status");
  status.setAttribute("aria-live", "polite");
  form.appendChild(list);
  form.appendChild(status);
  input.setAttribute("role", "combobox");
  input.setAttribute("aria-autocomplete", "list");
  input.setAttribute("aria-controls", list.id);
  input.setAttribute("aria-expanded", "false");

  var options = [];
  var active = -1;
  var timer = 0;
  var seq = 0;

  function safeUrl(href) {
    try {
      var url = new URL(href, location.href);
      return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
    } catch (e) { return null; }
  }
  // Only text and <mark> from a snippet, parsed inertly.
  function snippet(htmlText) {
    var tpl = doc.createElement("template");
    tpl.innerHTML = htmlText;
    var out = doc.createElement("span");
    out.className = "search-hit-snippet";
    tpl.content.childNodes.forEach(function (node) {
      if (node.nodeType === 1 && node.nodeName === "MARK") {
        var mark = doc.createElement("mark");
        mark.textContent = node.textContent;
        out.appendChild(mark);
      } else out.appendChild(doc.createTextNode(node.textContent || ""));
    });
    return out;
  }
  function close() {
    list.hidden = true;
    input.setAttribute("aria-expanded", "false");
    input.removeAttribute("aria-activedescendant");
    active = -1;
  }
  function setActive(index) {
    if (!options.length) return;
    if (active >= 0) options[active].el.setAttribute("aria-selected", "false");
    active = (index + options.length) % options.length;
    var el = options[active].el;
    el.setAttribute("aria-selected", "true");
    input.setAttribute("aria-activedescendant", el.id);
    el.scrollIntoView({ block: "nearest" });
  }
  function go(option) { if (option) location.href = option.href; }
  function render(items) {
    list.textContent = "";
    options = [];
    active = -1;
    items.forEach(function (hit) {
      var href = hit && typeof hit.title === "string" && safeUrl(hit.href);
      if (!href) return;
      var el = doc.createElement("li");
      el.id = "search-option-" + options.length;
      el.setAttribute("role", "option");
      el.setAttribute("aria-selected", "false");
      var title = doc.createElement("span");
      title.className = "search-hit-title";
      title.textContent = hit.title;
      el.appendChild(title);
      if (typeof hit.space === "string" && hit.space) {
        var space = doc.createElement("span");
        space.className = "search-hit-space";
        space.textContent = hit.space;
        el.appendChild(space);
      }
      if (typeof hit.snippetHtml === "string" && hit.snippetHtml) el.appendChild(snippet(hit.snippetHtml));
      var option = { el: el, href: href };
      el.addEventListener("click", function () { go(option); });
      options.push(option);
      list.appendChild(el);
    });
    status.textContent = options.length === 1 ? "1 result" : options.length ? options.length + " results" : "No results";
    list.hidden = !options.length;
    input.setAttribute("aria-expanded", options.length ? "true" : "false");
  }
  function search() {
    var q = input.value.trim();
    var mine = ++seq;
    if (!q) { close(); status.textContent = ""; return; }
    fetch(endpoint + "?q=" + encodeURIComponent(q), { headers: { accept: "application/json" } })
      .then(function (res) { return res.ok ? res.json() : { items: [] }; })
      .then(function (body) { if (mine === seq) render(Array.isArray(body && body.items) ? body.items : []); })
      .catch(function () { if (mine === seq) close(); });
  }
  input.addEventListener("input", function () {
    clearTimeout(timer);
    timer = setTimeout(search, 200);
  });
  input.addEventListener("keydown", function (event) {
    var open = !list.hidden;
    if (event.key === "ArrowDown" && options.length) {
      event.preventDefault();
      if (!open) { list.hidden = false; input.setAttribute("aria-expanded", "true"); }
      setActive(active + 1);
    } else if (event.key === "ArrowUp" && open) {
      event.preventDefault();
      setActive(active - 1);
    } else if (event.key === "Escape" && open) {
      event.preventDefault();
      close();
    } else if (event.key === "Enter" && open && active >= 0) {
      event.preventDefault();
      go(options[active]);
    }
  });
  // Keep the focus in the input when an option is clicked; close when the focus leaves the form.
  list.addEventListener("mousedown", function (event) { event.preventDefault(); });
  form.addEventListener("focusout", function (event) {
    if (!event.relatedTarget || !form.contains(event.relatedTarget)) close();
  });
})();
`;

/** A short content hash (32-bit FNV-1a, hex) for fingerprinted asset URLs. */
export function contentHash(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, "0");
}

export const SITE_CSS_HASH = contentHash(SITE_CSS);
export const SITE_JS_HASH = contentHash(SITE_JS);

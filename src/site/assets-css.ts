/**
 * The published site's stylesheet (served by the Worker at a fingerprinted URL, see assets.ts). The theme's
 * colors, fonts and radii arrive as custom properties from the page's inline <style> (theme-style.ts); this
 * file holds the neutral palette and the layout.
 *
 * Modes: <html data-mode="light|dark|auto">; `auto` follows prefers-color-scheme. The neutral and code
 * palettes below are GitHub Primer's, which meet WCAG AA for text on both backgrounds.
 * Layout: one column on narrow screens (the sidebar becomes a "Menu" disclosure above the content), sidebar +
 * content from 52rem, sidebar + content + "On this page" from 80rem. No rule needs the script.
 */

const LIGHT = `--bg:#ffffff;--surface:#f6f8fa;--fg:#1f2328;--muted:#59636e;--border:#d1d9e0;--code-bg:#f6f8fa;
--mark-bg:#fff8c5;--hl-keyword:#cf222e;--hl-string:#0a3069;--hl-comment:#59636e;--hl-number:#0550ae;
--hl-title:#6639ba;--hl-builtin:#953800;--hl-name:#116329;--hl-add-bg:#dafbe1;--hl-add:#116329;
--hl-del-bg:#ffebe9;--hl-del:#82071e;color-scheme:light`;

const DARK = `--bg:#0d1117;--surface:#161b22;--fg:#e6edf3;--muted:#9198a1;--border:#3d444d;--code-bg:#161b22;
--mark-bg:#5c4813;--hl-keyword:#ff7b72;--hl-string:#a5d6ff;--hl-comment:#9198a1;--hl-number:#79c0ff;
--hl-title:#d2a8ff;--hl-builtin:#ffa657;--hl-name:#7ee787;--hl-add-bg:#033a16;--hl-add:#aff5b4;
--hl-del-bg:#67060c;--hl-del:#ffdcd7;color-scheme:dark`;

export const SITE_CSS = `/* Quire published site */
:root{${LIGHT}}
:root[data-mode="dark"]{${DARK}}
@media (prefers-color-scheme:dark){:root[data-mode="auto"]{${DARK}}}
.logo-dark{display:none}
:root[data-mode="dark"] .logo-light{display:none}
:root[data-mode="dark"] .logo-dark{display:inline-block}
@media (prefers-color-scheme:dark){:root[data-mode="auto"] .logo-light{display:none}:root[data-mode="auto"] .logo-dark{display:inline-block}}

*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%;scroll-padding-top:1rem}
body{margin:0;background:var(--bg);color:var(--fg);font:16px/1.6 var(--font-body,system-ui,sans-serif)}
a{color:var(--primary-text)}
a:hover{text-decoration-thickness:2px}
:focus-visible{outline:2px solid var(--primary-text);outline-offset:2px;border-radius:2px}
img{max-width:100%;height:auto}
[hidden]{display:none!important}
.visually-hidden{position:absolute!important;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;clip:rect(0 0 0 0);clip-path:inset(50%);white-space:nowrap;border:0}
.skip-link{position:absolute;left:1rem;top:-3rem;z-index:10;padding:.5rem 1rem;background:var(--bg);color:var(--primary-text);border:2px solid var(--primary-text);border-radius:var(--radius)}
.skip-link:focus{top:1rem}
.external-mark{margin-left:.2em;font-size:.8em}

/* Header */
.site-header{border-bottom:1px solid var(--border);background:var(--bg)}
.header-inner{display:flex;flex-wrap:wrap;align-items:center;gap:.75rem 1.5rem;max-width:90rem;margin:0 auto;padding:.75rem 1rem}
.site-title{display:flex;align-items:center;gap:.5rem;font-weight:700;font-size:1.1rem;color:var(--fg);text-decoration:none;margin-right:auto}
.site-title img{max-height:2.25rem;width:auto}
.header-links{display:flex;flex-wrap:wrap;gap:1rem;list-style:none;margin:0;padding:0}
.header-links a{color:var(--fg);text-decoration:none}
.header-links a:hover{text-decoration:underline}
.search{position:relative;display:flex;gap:.25rem;flex:1 1 16rem;max-width:24rem}
.search input{flex:1;min-width:0;padding:.45rem .75rem;font:inherit;color:var(--fg);background:var(--surface);border:1px solid var(--muted);border-radius:var(--radius-control)}
button,.button{font:inherit;padding:.45rem .8rem;color:var(--fg);background:var(--surface);border:1px solid var(--muted);border-radius:var(--radius-control);cursor:pointer}
button:hover{border-color:var(--fg)}
.search-popup{position:absolute;top:calc(100% + .25rem);left:0;right:0;z-index:20;max-height:70vh;overflow:auto;margin:0;padding:.25rem;list-style:none;background:var(--bg);border:1px solid var(--border);border-radius:var(--radius);box-shadow:0 8px 24px rgba(0,0,0,.18);color:var(--fg)}
.search-popup [role="option"]{padding:.5rem .6rem;border-radius:var(--radius);cursor:pointer}
.search-popup [aria-selected="true"],.search-popup [role="option"]:hover{background:var(--primary-soft);color:var(--fg)}
.search-hit-title{display:block;font-weight:600}
.search-hit-space,.search-hit-snippet{display:block;font-size:.875rem;color:var(--muted)}
mark{background:var(--mark-bg);color:var(--fg);border-radius:2px}
.section-tabs{max-width:90rem;margin:0 auto;padding:0 1rem;overflow-x:auto}
.section-tabs ul{display:flex;gap:1.25rem;list-style:none;margin:0;padding:0}
.section-tabs a{display:block;padding:.5rem 0;color:var(--muted);text-decoration:none;border-bottom:2px solid transparent}
.section-tabs a[aria-current]{color:var(--primary-text);border-bottom-color:var(--primary)}
.announcement{padding:.5rem 1rem;text-align:center;border-top:1px solid var(--border)}
.announcement p{margin:0}
.announcement-info{background:var(--info-soft)}
.announcement-success{background:var(--success-soft)}
.announcement-warning{background:var(--warning-soft)}
.announcement-danger{background:var(--danger-soft)}
.theme-bold .site-header{background:var(--primary);color:var(--on-primary)}
.theme-bold .site-title,.theme-bold .header-links a,.theme-bold .section-tabs a,.theme-bold .section-tabs a[aria-current]{color:var(--on-primary)}
.theme-bold .section-tabs a[aria-current]{border-bottom-color:var(--on-primary)}
.theme-bold .site-header :focus-visible{outline-color:var(--on-primary)}
.theme-bold .announcement{color:var(--fg)}
.theme-muted .sidebar,.theme-gradient .sidebar{background:var(--surface)}

/* Layout */
.layout{max-width:90rem;margin:0 auto;padding:0 1rem}
.sidebar{padding:1rem 0;font-size:.95rem}
.sidebar-menu>summary{display:inline-block;padding:.4rem .8rem;border:1px solid var(--muted);border-radius:var(--radius-control);cursor:pointer}
main{min-width:0;padding:1.5rem 0 3rem}
main:focus{outline:none}
@media (min-width:52rem){
.layout{display:grid;grid-template-columns:16rem minmax(0,1fr);gap:2.5rem}
.sidebar{position:sticky;top:0;align-self:start;max-height:100vh;overflow-y:auto;padding:1.5rem .5rem 2rem 0}
.sidebar-menu>summary{display:none}
}
@media (min-width:80rem){
main{display:grid;grid-template-columns:minmax(0,1fr) 14rem;column-gap:2.5rem;align-content:start}
main>*{grid-column:1}
main>.outline{grid-column:2;grid-row:1/span 20;position:sticky;top:0;align-self:start;max-height:100vh;overflow-y:auto;padding-top:.5rem;margin:0}
}

/* Sidebar tree */
.nav-tree,.nav-tree ul{list-style:none;margin:0;padding:0}
.nav-tree ul{margin-left:.75rem;padding-left:.5rem;border-left:1px solid var(--border)}
.nav-tree li{position:relative}
.nav-tree a,.nav-tree .nav-text{display:block;padding:.3rem 2rem .3rem .6rem;color:var(--muted);text-decoration:none;border-radius:var(--radius)}
.nav-tree a:hover{color:var(--fg);background:var(--surface)}
.nav-tree a[aria-current="page"]{color:var(--primary-text);background:var(--primary-soft);font-weight:600}
.nav-group-title{margin:1.25rem 0 .35rem;padding:0 .6rem;font-size:.8rem;font-weight:700;letter-spacing:.04em;text-transform:uppercase;color:var(--fg)}
.nav-tree details>summary{position:absolute;top:.2rem;right:.25rem;width:1.6rem;height:1.6rem;list-style:none;cursor:pointer;border-radius:var(--radius);text-align:center;line-height:1.6rem;color:var(--muted)}
.nav-tree details>summary::-webkit-details-marker{display:none}
.nav-tree details>summary::before{content:"›";display:inline-block;transition:transform .15s}
.nav-tree details[open]>summary::before{transform:rotate(90deg)}
.nav-emoji{margin-right:.35em}
.variants{margin:0 0 1rem}
.variants>summary{cursor:pointer;padding:.4rem .6rem;border:1px solid var(--border);border-radius:var(--radius-control)}
.variants ul{list-style:none;margin:.25rem 0 0;padding:.25rem;border:1px solid var(--border);border-radius:var(--radius)}
.variants a{display:block;padding:.3rem .5rem;color:var(--fg);text-decoration:none;border-radius:var(--radius)}
.variants a[aria-current]{background:var(--primary-soft);color:var(--primary-text);font-weight:600}

/* Page */
.page-title{margin:0 0 1rem;font-size:2.1rem;line-height:1.25}
.outline{margin:0 0 1.5rem;font-size:.875rem}
.outline h2{margin:0 0 .5rem;font-size:.8rem;text-transform:uppercase;letter-spacing:.04em}
.outline ul{list-style:none;margin:0;padding:0 0 0 .75rem;border-left:1px solid var(--border)}
.outline li{margin:.3rem 0}
.outline a{color:var(--muted);text-decoration:none}
.outline a:hover{color:var(--primary-text);text-decoration:underline}
.outline .depth-3{padding-left:.75rem}
.outline .depth-4,.outline .depth-5,.outline .depth-6{padding-left:1.5rem}
.pagination{display:flex;justify-content:space-between;gap:1rem;margin-top:3rem}
.pagination a{flex:1 1 0;max-width:50%;padding:.75rem 1rem;border:1px solid var(--border);border-radius:var(--radius);text-decoration:none}
.pagination a:hover{border-color:var(--primary)}
.pagination .next{margin-left:auto;text-align:right}
.pagination small{display:block;color:var(--muted)}
.page-actions{margin-top:2rem;font-size:.9rem}
.search-results{padding-left:1.25rem}
.search-results li{margin:0 0 1.25rem}
.search-results p{margin:.25rem 0 0}
.result-space{color:var(--muted);font-size:.875rem}

/* Markdown */
.markdown{overflow-wrap:break-word}
.markdown h2,.markdown h3,.markdown h4{position:relative;margin:2rem 0 .75rem;line-height:1.3;scroll-margin-top:1rem}
.markdown h2{font-size:1.5rem;padding-bottom:.3rem;border-bottom:1px solid var(--border)}
.markdown h3{font-size:1.2rem}
.markdown :is(h1,h2,h3,h4,h5,h6) .anchor{margin-left:.4rem;color:var(--muted);text-decoration:none;opacity:0}
.markdown :is(h1,h2,h3,h4,h5,h6):hover .anchor,.markdown .anchor:focus-visible{opacity:1}
.markdown blockquote{margin:1rem 0;padding:0 1rem;color:var(--muted);border-left:4px solid var(--border)}
.markdown hr{border:0;border-top:1px solid var(--border);margin:2rem 0}
.markdown img{border-radius:var(--radius)}
code,kbd,pre{font-family:var(--font-mono,monospace);font-size:.9em}
:not(pre)>code{padding:.1em .35em;background:var(--code-bg);border:1px solid var(--border);border-radius:4px}
pre{margin:1rem 0;padding:1rem;overflow:auto;line-height:1.5;background:var(--code-bg);border:1px solid var(--border);border-radius:var(--radius)}
pre code{padding:0;background:none;border:0;font-size:inherit}
.table-wrap{margin:1rem 0;overflow-x:auto}
table{border-collapse:collapse;min-width:50%}
th,td{padding:.5rem .75rem;border:1px solid var(--border);text-align:left;vertical-align:top}
th{background:var(--surface)}
.hint{margin:1rem 0;padding:.75rem 1rem;border-left:4px solid var(--info);border-radius:var(--radius);background:var(--info-soft)}
.hint>:first-child{margin-top:0}
.hint>:last-child{margin-bottom:0}
.hint-success{border-left-color:var(--success);background:var(--success-soft)}
.hint-warning{border-left-color:var(--warning);background:var(--warning-soft)}
.hint-danger{border-left-color:var(--danger);background:var(--danger-soft)}
.broken-link{color:var(--danger-text);text-decoration:underline wavy;cursor:help}
.contains-task-list,.task-list{list-style:none;padding-left:1.25rem}
.task-list-item{list-style:none}
.task-list-item input[type="checkbox"]{margin:0 .5rem 0 -1.25rem;vertical-align:middle;accent-color:var(--primary)}
.hljs{color:var(--fg)}
.hljs-keyword,.hljs-doctag,.hljs-template-tag,.hljs-template-variable,.hljs-type.hljs-keyword{color:var(--hl-keyword)}
.hljs-string,.hljs-regexp,.hljs-meta .hljs-string{color:var(--hl-string)}
.hljs-comment,.hljs-code,.hljs-formula,.hljs-quote{color:var(--hl-comment);font-style:italic}
.hljs-number,.hljs-literal,.hljs-attr,.hljs-attribute,.hljs-meta,.hljs-operator,.hljs-selector-attr,.hljs-selector-class,.hljs-selector-id,.hljs-symbol,.hljs-variable.language_{color:var(--hl-number)}
.hljs-title,.hljs-title.class_,.hljs-title.function_,.hljs-section{color:var(--hl-title)}
.hljs-section{font-weight:700}
.hljs-built_in,.hljs-type,.hljs-variable,.hljs-property{color:var(--hl-builtin)}
.hljs-name,.hljs-tag,.hljs-selector-tag,.hljs-selector-pseudo,.hljs-bullet{color:var(--hl-name)}
.hljs-params,.hljs-subst{color:var(--fg)}
.hljs-emphasis{font-style:italic}
.hljs-strong{font-weight:700}
.hljs-addition{color:var(--hl-add);background:var(--hl-add-bg)}
.hljs-deletion{color:var(--hl-del);background:var(--hl-del-bg)}

/* Footer */
.site-footer{margin-top:2rem;border-top:1px solid var(--border);background:var(--surface);font-size:.9rem}
.footer-inner{max-width:90rem;margin:0 auto;padding:2rem 1rem;display:flex;flex-wrap:wrap;gap:2rem 4rem}
.footer-group h2{margin:0 0 .5rem;font-size:.9rem}
.footer-group ul{list-style:none;margin:0;padding:0}
.footer-group li{margin:.3rem 0}
.copyright{flex-basis:100%;margin:0;color:var(--muted)}
@media print{.site-header,.sidebar,.outline,.pagination,.page-actions,.site-footer,.skip-link{display:none}}
@media (prefers-reduced-motion:reduce){*{transition:none!important}}
`;

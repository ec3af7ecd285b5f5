// A few lines instead of a framework: element creation with text (never HTML), and lookups that fail loudly.

export function byId<T extends HTMLElement = HTMLElement>(id: string): T {
  const found = document.getElementById(id);
  if (!found) throw new Error(`The page has no #${id}`);
  return found as T;
}

export type Child = Node | string | null | undefined | false;

export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<Record<string, string>> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(props)) if (value !== undefined) node.setAttribute(name, value);
  for (const child of children) if (child) node.append(child);
  return node;
}

/**
 * Disables `button` while `work` runs, so a second click cannot start a second prompt; it stays disabled when
 * `work` answers true (the page is leaving).
 */
export async function busy(button: HTMLButtonElement, work: () => Promise<boolean | undefined>): Promise<void> {
  button.disabled = true;
  button.setAttribute("aria-busy", "true");
  let leaving = false;
  try {
    leaving = (await work()) === true;
  } finally {
    button.removeAttribute("aria-busy");
    if (!leaving) button.disabled = false;
  }
}

import { evaluateCondition } from "./conditions";

/**
 * Adaptive content: which sections and site spaces of a site a visitor sees. THE one rule, used wherever a
 * visitor or anonymous caller is served (the renderer, the visitor pass, the published experience's API reads,
 * site search, URL resolution): on a site with adaptive content enabled, a section or site space whose
 * `condition` is false for the visitor's claims is hidden, and so is every site space of a hidden section.
 * Claims are a visitor JWT's (with `unsigned` ones beside them where the caller sends some); without them a
 * condition reads every claim as undefined. It works on rows the caller already loaded: no D1 read of its own.
 */
export interface ConditionedItem {
  id: string;
  condition: string | null;
}

export interface ConditionedSiteSpace extends ConditionedItem {
  sectionId: string | null;
}

export interface AdaptiveSite {
  adaptiveContent: boolean;
}

export interface AdaptiveVisibility {
  /** Whether a section or site space's own condition holds (always true without adaptive content). */
  visible: (item: { condition: string | null }) => boolean;
  /** Whether a site space is shown: its own condition and its section's hold. */
  shows: (siteSpace: ConditionedSiteSpace) => boolean;
  /** Ids of what is hidden (sections, then site spaces, in the order given): the visitor's segment. */
  hidden: string[];
}

const everything: AdaptiveVisibility = { visible: () => true, shows: () => true, hidden: [] };

export function adaptiveVisibilityOf(
  site: AdaptiveSite,
  sections: readonly ConditionedItem[],
  siteSpaces: readonly ConditionedSiteSpace[],
  claims: Record<string, unknown> | undefined,
): AdaptiveVisibility {
  if (!site.adaptiveContent) return everything;
  const verdicts = new Map<string, boolean>();
  for (const item of [...sections, ...siteSpaces]) {
    if (item.condition && !verdicts.has(item.condition)) {
      verdicts.set(item.condition, evaluateCondition(item.condition, claims ?? {}));
    }
  }
  const visible = (item: { condition: string | null }) => !item.condition || verdicts.get(item.condition) === true;
  const hiddenSections = new Set(sections.filter((s) => !visible(s)).map((s) => s.id));
  const shows = (siteSpace: ConditionedSiteSpace) =>
    visible(siteSpace) && !(siteSpace.sectionId !== null && hiddenSections.has(siteSpace.sectionId));
  const hidden = [...hiddenSections, ...siteSpaces.filter((s) => !shows(s)).map((s) => s.id)];
  return { visible, shows, hidden };
}

// Pure text helpers of the answerer: a question's search terms, a section's sentences, term matching.

/** Words that carry no topic: dropped from the search terms of a question. */
const STOPWORDS = new Set(
  (
    "a an and are as at be by can could do does did for from had has have how i if in into is it its me my of on " +
    "or our should so than that the their them then there these they this to us was we what when where which who " +
    "why will with would you your about any all also been being but get got just like make more most much not " +
    "only other out over same some such too very want need use using tell explain please way ways"
  ).split(" "),
);

const WORD = /[\p{L}\p{N}]+/gu;

/** Lower-cased words of a text, in order. */
export function words(text: string): string[] {
  return text.normalize("NFKC").toLowerCase().match(WORD) ?? [];
}

/** The question's search terms: its words minus stopwords, unique, at most 8 (longest kept). */
export function questionTerms(question: string): string[] {
  const unique = [...new Set(words(question).filter((w) => !STOPWORDS.has(w) && [...w].length >= 2))];
  if (unique.length <= 8) return unique;
  const kept = new Set([...unique].sort((a, b) => b.length - a.length).slice(0, 8));
  return unique.filter((w) => kept.has(w));
}

/** A crude stem (plural and verb endings), so that "installing" matches "install" and "pages" "page". */
export function stem(word: string): string {
  if (word.length > 5 && word.endsWith("ing")) return word.slice(0, -3);
  if (word.length > 4 && word.endsWith("ed")) return word.slice(0, -2);
  if (word.length > 4 && word.endsWith("es")) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith("s") && !word.endsWith("ss")) return word.slice(0, -1);
  return word;
}

/** Which of `terms` (stemmed) a text contains. */
export function matchedTerms(text: string, terms: string[]): Set<string> {
  const stems = new Set(words(text).map(stem));
  const lower = text.toLowerCase();
  // Scripts without spaces (CJK) have no words to compare: a substring match counts.
  return new Set(terms.filter((t) => stems.has(stem(t)) || (/[^\p{Script=Latin}\p{N}]/u.test(t) && lower.includes(t))));
}

/** Markdown reduced to plain prose: code fences, images, link targets, emphasis and HTML dropped. */
export function plainProse(markdown: string): string {
  return markdown
    .replace(/```[\s\S]*?```/g, " ")
    .replace(/!\[[^\]]*\]\([^)]*\)/g, " ")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/<[^>]+>/g, " ")
    .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+[.)])\s+/gm, "")
    .replace(/[*_`~]+/g, "")
    .replace(/\|/g, " ");
}

/** A section's sentences (plain prose), in order; fragments shorter than a few characters dropped. */
export function sentences(markdown: string): string[] {
  const out: string[] = [];
  for (const block of plainProse(markdown).split(/\n\s*\n/)) {
    const flat = block.replace(/\s+/g, " ").trim();
    if (!flat) continue;
    for (const s of flat.split(/(?<=[.!?。！？])\s+/)) {
      const t = s.trim();
      if ([...t].length >= 4) out.push(t);
    }
  }
  return out;
}

/** The canonical form under which the same question asked twice is one site question. */
export function normalizeQuestion(question: string): string {
  return question
    .normalize("NFKC")
    .toLowerCase()
    .replace(/\s+/g, " ")
    .replace(/[\s?!.。？！]+$/u, "")
    .trim();
}

/** SiteQuestionType, from the question's wording. */
export function questionType(question: string): "exploring" | "how-to" | "troubleshooting" | "reference" | "unknown" {
  const q = normalizeQuestion(question);
  if (/\b(error|fail(s|ed|ing)?|broken|not working|doesn't work|issue|bug|crash|fix|wrong|problem)\b/.test(q))
    return "troubleshooting";
  if (/^(how|can i|steps? to|guide)\b/.test(q)) return "how-to";
  if (/^(what is|what are|what does|define|list|which|where is)\b/.test(q)) return "reference";
  if (/^(why|should|is there|are there|does|do|compare|when)\b/.test(q)) return "exploring";
  return "unknown";
}

/** An ISO language code for the question: "en" when it uses English function words, else "und" (undetermined). */
export function questionLanguage(question: string): string {
  return words(question).some((w) => ENGLISH.has(w)) ? "en" : "und";
}

const ENGLISH = new Set("the is are how what why does do can i to of in and with where which".split(" "));

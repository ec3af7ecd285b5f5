// A page body's diff: lines (jsdiff's diffLines), and inside a changed line the words that changed
// (diffWordsWithSpace) as <ins>/<del>. Shown unified (one column) or side by side (before | after); long runs of
// unchanged lines are folded behind a button.
import { diffLines, diffWordsWithSpace } from "diff";
import type { ComponentChildren } from "preact";
import { useMemo, useState } from "preact/hooks";

type Part = { text: string; changed: boolean };
interface Line {
  n: number;
  parts: Part[];
}
/** One row of the diff: a line on both sides (same), removed, added, or changed (a removed and an added line). */
interface Row {
  kind: "same" | "del" | "add" | "change";
  old?: Line;
  new?: Line;
}

function lines(value: string): string[] {
  const split = value.split("\n");
  if (split[split.length - 1] === "") split.pop();
  return split;
}

const whole = (text: string): Part[] => [{ text, changed: false }];

/** The words of a changed line on each side; whole lines when the two share too little to read as an edit. */
function words(before: string, after: string): [Part[], Part[]] {
  const changes = diffWordsWithSpace(before, after);
  const common = changes.filter((c) => !c.added && !c.removed).reduce((n, c) => n + c.value.trim().length, 0);
  if (common < Math.min(before.trim().length, after.trim().length) * 0.3) return [whole(before), whole(after)];
  const old: Part[] = [];
  const now: Part[] = [];
  for (const c of changes) {
    if (!c.added) old.push({ text: c.value, changed: c.removed });
    if (!c.removed) now.push({ text: c.value, changed: c.added });
  }
  return [old, now];
}

export function diffRows(before: string, after: string): Row[] {
  const rows: Row[] = [];
  let oldN = 1;
  let newN = 1;
  let removed: string[] = [];
  const flush = (added: string[]) => {
    const pairs = Math.min(removed.length, added.length);
    for (let i = 0; i < pairs; i++) {
      const [o, a] = words(removed[i]!, added[i]!);
      rows.push({ kind: "change", old: { n: oldN++, parts: o }, new: { n: newN++, parts: a } });
    }
    for (const text of removed.slice(pairs)) rows.push({ kind: "del", old: { n: oldN++, parts: whole(text) } });
    for (const text of added.slice(pairs)) rows.push({ kind: "add", new: { n: newN++, parts: whole(text) } });
    removed = [];
  };
  for (const change of diffLines(before, after)) {
    const texts = lines(change.value);
    if (change.removed) {
      flush([]);
      removed = texts;
    } else if (change.added) flush(texts);
    else {
      flush([]);
      for (const text of texts)
        rows.push({ kind: "same", old: { n: oldN++, parts: whole(text) }, new: { n: newN++, parts: whole(text) } });
    }
  }
  flush([]);
  return rows;
}

const CONTEXT = 3;

/** The rows to show: changes with a few lines around them; other unchanged runs folded (unless unfolded). */
function foldRows(rows: Row[], unfolded: Set<number>): Array<Row | { fold: number; count: number }> {
  const near = rows.map(() => false);
  rows.forEach((row, i) => {
    if (row.kind === "same") return;
    for (let j = Math.max(0, i - CONTEXT); j <= Math.min(rows.length - 1, i + CONTEXT); j++) near[j] = true;
  });
  const out: Array<Row | { fold: number; count: number }> = [];
  for (let i = 0; i < rows.length; ) {
    if (near[i]) {
      out.push(rows[i]!);
      i++;
      continue;
    }
    let end = i;
    while (end < rows.length && !near[end]) end++;
    // A fold of one or two lines hides less than it costs.
    if (end - i <= 2 || unfolded.has(i)) for (let j = i; j < end; j++) out.push(rows[j]!);
    else out.push({ fold: i, count: end - i });
    i = end;
  }
  return out;
}

function Text(props: { line?: Line; side: "old" | "new"; whole: boolean }) {
  const { line } = props;
  if (!line) return null;
  const Mark = props.side === "old" ? "del" : "ins";
  const content = line.parts.map((part, i) =>
    part.changed ? <Mark key={i}>{part.text}</Mark> : <span key={i}>{part.text}</span>,
  );
  // A line added or removed whole is marked whole; a changed line marks only its changed words.
  return props.whole ? <Mark class="line">{content}</Mark> : content;
}

const SIGN = { old: ["−", "Removed"], new: ["+", "Added"] } as const;

function Sign(props: { side?: "old" | "new"; tone?: string }) {
  if (!props.side) return <td class="sign" />;
  const [mark, label] = SIGN[props.side];
  return (
    <td class={props.tone ? `sign ${props.tone}` : "sign"}>
      <span aria-hidden="true">{mark}</span>
      <span class="visually-hidden">{label}</span>
    </td>
  );
}

function Fold(props: { count: number; colSpan: number; onOpen(): void }) {
  return (
    <tr class="fold">
      <td colSpan={props.colSpan}>
        <button type="button" class="secondary" onClick={props.onOpen}>
          Show {props.count} unchanged lines
        </button>
      </td>
    </tr>
  );
}

function Unified(props: { shown: ReturnType<typeof foldRows>; unfold(i: number): void }) {
  const body: ComponentChildren[] = [];
  props.shown.forEach((row, i) => {
    if ("fold" in row) {
      body.push(<Fold key={`f${row.fold}`} count={row.count} colSpan={4} onOpen={() => props.unfold(row.fold)} />);
      return;
    }
    if (row.old && row.kind !== "same")
      body.push(
        <tr key={`${i}o`} class="del">
          <td class="num">{row.old.n}</td>
          <td class="num" />
          <Sign side="old" />
          <td class="code">
            <Text line={row.old} side="old" whole={row.kind === "del"} />
          </td>
        </tr>,
      );
    if (row.new && row.kind !== "same")
      body.push(
        <tr key={`${i}n`} class="add">
          <td class="num" />
          <td class="num">{row.new.n}</td>
          <Sign side="new" />
          <td class="code">
            <Text line={row.new} side="new" whole={row.kind === "add"} />
          </td>
        </tr>,
      );
    if (row.kind === "same")
      body.push(
        <tr key={i}>
          <td class="num">{row.old?.n}</td>
          <td class="num">{row.new?.n}</td>
          <Sign />
          <td class="code">
            <Text line={row.new} side="new" whole={false} />
          </td>
        </tr>,
      );
  });
  return (
    <table class="diff-table">
      <colgroup>
        <col class="num" />
        <col class="num" />
        <col class="sign" />
        <col />
      </colgroup>
      <thead class="visually-hidden">
        <tr>
          <th scope="col">Line before</th>
          <th scope="col">Line after</th>
          <th scope="col">Change</th>
          <th scope="col">Text</th>
        </tr>
      </thead>
      <tbody>{body}</tbody>
    </table>
  );
}

function SideBySide(props: { shown: ReturnType<typeof foldRows>; unfold(i: number): void }) {
  return (
    <table class="diff-table sides-table">
      <colgroup>
        <col class="num" />
        <col class="sign" />
        <col />
        <col class="num" />
        <col class="sign" />
        <col />
      </colgroup>
      <thead>
        <tr>
          <th scope="col" colSpan={3}>
            Before
          </th>
          <th scope="col" colSpan={3}>
            After
          </th>
        </tr>
      </thead>
      <tbody>
        {props.shown.map((row, i) => {
          if ("fold" in row)
            return <Fold key={`f${row.fold}`} count={row.count} colSpan={6} onOpen={() => props.unfold(row.fold)} />;
          const changed = row.kind !== "same";
          return (
            <tr key={i}>
              <td class={`num${changed && row.old ? " del" : ""}${row.old ? "" : " blank"}`}>{row.old?.n}</td>
              {changed && row.old ? <Sign side="old" tone="del" /> : <td class={`sign${row.old ? "" : " blank"}`} />}
              <td class={`code${changed && row.old ? " del" : ""}${row.old ? "" : " empty"}`}>
                <Text line={row.old} side="old" whole={row.kind === "del"} />
              </td>
              <td class={`num${changed && row.new ? " add" : ""}${row.new ? "" : " blank"}`}>{row.new?.n}</td>
              {changed && row.new ? <Sign side="new" tone="add" /> : <td class={`sign${row.new ? "" : " blank"}`} />}
              <td class={`code${changed && row.new ? " add" : ""}${row.new ? "" : " empty"}`}>
                <Text line={row.new} side="new" whole={row.kind === "add"} />
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** The diff of two texts (either may be empty: a page created or deleted). */
export function TextDiff(props: { before: string; after: string; sides: boolean }) {
  const rows = useMemo(() => diffRows(props.before, props.after), [props.before, props.after]);
  const [unfolded, setUnfolded] = useState<Set<number>>(new Set());
  const shown = foldRows(rows, unfolded);
  const unfold = (i: number) => setUnfolded((previous) => new Set([...previous, i]));
  if (rows.length === 0) return <p class="hint">The body is empty.</p>;
  if (!rows.some((row) => row.kind !== "same")) return <p class="hint">The text is the same on both sides.</p>;
  return (
    <div class="diff">
      {props.sides ? <SideBySide shown={shown} unfold={unfold} /> : <Unified shown={shown} unfold={unfold} />}
    </div>
  );
}

import { parse } from "acorn";
import { simple } from "acorn-walk";

/*
 * Loop guards for published scripts. Local workerd has no CPU limiter, and a Dynamic Worker runs on its parent's
 * thread, so a script looping synchronously forever would hang the whole local server (no timer can interrupt
 * it); on Cloudflare the loader's CPU limit ends it, but only after seconds of CPU. Before a script is loaded,
 * every loop body gets a call that counts the delivery's iterations and throws past LOOP_ITERATION_BUDGET, and
 * every `catch` block a call that rethrows once the budget is spent, so that `while (true) try {…} catch {}` cannot
 * swallow the stop. Insertions only: the script's own text is otherwise untouched, positions keep their order.
 */

/** Loop iterations one delivery may run, all loops together: far above what an event handler needs. */
export const LOOP_ITERATION_BUDGET = 20_000_000;
/** The global functions the prelude defines (wrapper.ts) and guarded code calls. */
export const LOOP_TICK = "__quireLoopTick";
export const LOOP_CHECK = "__quireLoopCheck";

interface Span {
  start: number;
  end: number;
  type: string;
}
interface LoopNode extends Span {
  body: Span;
}
interface CatchNode extends Span {
  body: Span;
}

/** The script with its loops guarded; throws SyntaxError (with acorn's position) when it does not parse. */
export function guardLoops(source: string): string {
  const program = parse(source, { ecmaVersion: "latest", sourceType: "module", allowHashBang: true });
  const inserts: { at: number; text: string }[] = [];
  const guardBody = (body: Span) => {
    if (body.type === "BlockStatement") inserts.push({ at: body.start + 1, text: `${LOOP_TICK}();` });
    else {
      inserts.push({ at: body.start, text: `{${LOOP_TICK}();` });
      inserts.push({ at: body.end, text: "}" });
    }
  };
  const loop = (node: unknown) => guardBody((node as LoopNode).body);
  simple(program, {
    WhileStatement: loop,
    DoWhileStatement: loop,
    ForStatement: loop,
    ForInStatement: loop,
    ForOfStatement: loop,
    CatchClause: (node) => {
      inserts.push({ at: (node as unknown as CatchNode).body.start + 1, text: `${LOOP_CHECK}();` });
    },
  });
  // From the end, so earlier positions stay valid; at one position the later-found text goes last.
  inserts.sort((a, b) => b.at - a.at);
  let out = source;
  for (const { at, text } of inserts) out = out.slice(0, at) + text + out.slice(at);
  return out;
}

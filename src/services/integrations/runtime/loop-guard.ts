import { parse } from "acorn";
import { simple } from "acorn-walk";
import { LOOP_CHECK_EXPORT, LOOP_TICK_EXPORT } from "./loop-budget";

/*
 * Loop guards for published scripts. Local workerd has no CPU limiter, and a Dynamic Worker runs on its parent's
 * thread, so a script looping synchronously forever would hang the whole local server (no timer can interrupt
 * it); on Cloudflare the loader's CPU limit ends it, but only after seconds of CPU. Before a script is loaded,
 * every loop body gets a call that counts the delivery's iterations and throws past LOOP_ITERATION_BUDGET, and
 * every `catch` block a call that rethrows once the budget is spent, so that `while (true) try {…} catch {}` cannot
 * swallow the stop. Insertions only: the script's own text is otherwise untouched, positions keep their order.
 *
 * The calls name functions the script cannot reach: they are imported (immutable bindings) under names made for
 * each load and absent from the script's text, from the prelude module whose name is made the same way. Code
 * that cannot spell a name can neither declare it (shadowing the guard), assign it, nor import that module.
 */

/** One load's private names: the prelude module's, and the local names of its loop tick and catch check. */
export interface GuardNames {
  module: string;
  tick: string;
  check: string;
}

/** Fresh names for one load: 128 random bits, drawn again in the (never seen) case the script's text has them. */
export function guardNames(source: string): GuardNames {
  for (;;) {
    const key = [...crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, "0")).join("");
    if (!source.includes(key)) {
      return { module: `quire-prelude-${key}.js`, tick: `$quireTick_${key}`, check: `$quireCheck_${key}` };
    }
  }
}

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

/**
 * The script with its loops guarded (and, when it has any, the import of the guard's functions appended: imports
 * are hoisted, and the end keeps every line where it was); throws SyntaxError (with acorn's position) when it
 * does not parse.
 */
export function guardLoops(source: string, names: GuardNames): string {
  const program = parse(source, { ecmaVersion: "latest", sourceType: "module", allowHashBang: true });
  const inserts: { at: number; text: string }[] = [];
  const guardBody = (body: Span) => {
    if (body.type === "BlockStatement") inserts.push({ at: body.start + 1, text: `${names.tick}();` });
    else {
      inserts.push({ at: body.start, text: `{${names.tick}();` });
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
      inserts.push({ at: (node as unknown as CatchNode).body.start + 1, text: `${names.check}();` });
    },
  });
  if (inserts.length === 0) return source;
  // From the end, so earlier positions stay valid; at one position the later-found text goes last.
  inserts.sort((a, b) => b.at - a.at);
  let out = source;
  for (const { at, text } of inserts) out = out.slice(0, at) + text + out.slice(at);
  const imported = `{ ${LOOP_TICK_EXPORT} as ${names.tick}, ${LOOP_CHECK_EXPORT} as ${names.check} }`;
  return `${out}\n;import ${imported} from ${JSON.stringify(`./${names.module}`)};\n`;
}

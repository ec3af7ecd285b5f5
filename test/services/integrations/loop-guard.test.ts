import { describe, expect, it } from "vitest";
import { type GuardNames, guardLoops, guardNames } from "../../../src/services/integrations/runtime/loop-guard";

const names: GuardNames = { module: "quire-prelude-k.js", tick: "$t_k", check: "$c_k" };
const tick = `${names.tick}();`;
const check = `${names.check}();`;
const imported = '\n;import { loopTick as $t_k, loopCheck as $c_k } from "./quire-prelude-k.js";\n';
const guarded = (source: string) => {
  const out = guardLoops(source, names);
  expect(out.endsWith(imported)).toBe(true);
  return out.slice(0, -imported.length);
};

describe("guardLoops", () => {
  it("puts a tick at the top of every loop body, braced where the body is one statement", () => {
    expect(guarded("while (a) { b(); }")).toBe(`while (a) {${tick} b(); }`);
    expect(guarded("for (;;) x++;")).toBe(`for (;;) {${tick}x++;}`);
    expect(guarded("do x(); while (c)")).toBe(`do {${tick}x();} while (c)`);
    expect(guarded("for (const k in o) ;")).toBe(`for (const k in o) {${tick};}`);
    expect(guarded("for await (const v of it) { f(v) }")).toBe(`for await (const v of it) {${tick} f(v) }`);
    // Nested loops sharing an end position, labels and minified code.
    expect(guarded("a:while(x)while(y)z();")).toBe(`a:while(x){${tick}while(y){${tick}z();}}`);
    // A last line comment does not swallow the import.
    expect(guarded("while(x)y() // end")).toBe(`while(x){${tick}y()} // end`);
  });

  it("makes every catch block rethrow once the budget is spent", () => {
    expect(guarded("try { f() } catch { g() }")).toBe(`try { f() } catch {${check} g() }`);
    expect(guarded("try{f()}catch(e){}")).toBe(`try{f()}catch(e){${check}}`);
  });

  it("leaves code without loops as it is, strings and comments included, and refuses what does not parse", () => {
    const plain = 'export default { fetch() { return new Response("while (true) {}"); } }; // for (;;)';
    expect(guardLoops(plain, names)).toBe(plain);
    expect(() => guardLoops("while (", names)).toThrow(SyntaxError);
  });

  it("names the guard, per load, with names the script's text does not contain", () => {
    const source = "const __quireLoopTick = () => {}; while (true) {}";
    const a = guardNames(source);
    const b = guardNames(source);
    expect(a.tick).not.toBe(b.tick);
    expect(a.module).not.toBe(b.module);
    for (const name of [a.module, a.tick, a.check]) expect(source).not.toContain(name);
    expect(a.module).toMatch(/^quire-prelude-[0-9a-f]{32}\.js$/);
  });
});

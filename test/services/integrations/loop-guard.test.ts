import { describe, expect, it } from "vitest";
import { guardLoops, LOOP_CHECK, LOOP_TICK } from "../../../src/services/integrations/runtime/loop-guard";

const tick = `${LOOP_TICK}();`;
const check = `${LOOP_CHECK}();`;

describe("guardLoops", () => {
  it("puts a tick at the top of every loop body, braced where the body is one statement", () => {
    expect(guardLoops("while (a) { b(); }")).toBe(`while (a) {${tick} b(); }`);
    expect(guardLoops("for (;;) x++;")).toBe(`for (;;) {${tick}x++;}`);
    expect(guardLoops("do x(); while (c)")).toBe(`do {${tick}x();} while (c)`);
    expect(guardLoops("for (const k in o) ;")).toBe(`for (const k in o) {${tick};}`);
    expect(guardLoops("for await (const v of it) { f(v) }")).toBe(`for await (const v of it) {${tick} f(v) }`);
    // Nested loops sharing an end position, labels and minified code.
    expect(guardLoops("a:while(x)while(y)z();")).toBe(`a:while(x){${tick}while(y){${tick}z();}}`);
  });

  it("makes every catch block rethrow once the budget is spent", () => {
    expect(guardLoops("try { f() } catch { g() }")).toBe(`try { f() } catch {${check} g() }`);
    expect(guardLoops("try{f()}catch(e){}")).toBe(`try{f()}catch(e){${check}}`);
  });

  it("leaves code without loops as it is, strings and comments included, and refuses what does not parse", () => {
    const plain = 'export default { fetch() { return new Response("while (true) {}"); } }; // for (;;)';
    expect(guardLoops(plain)).toBe(plain);
    expect(() => guardLoops("while (")).toThrow(SyntaxError);
  });
});

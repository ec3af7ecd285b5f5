// Encoded JSON objects joined without encoding either again (src/lib/encoded-json.ts).
import { describe, expect, it } from "vitest";
import { encodeJson, joinEncodedObjects } from "../../src/lib/encoded-json";

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

describe("joinEncodedObjects", () => {
  it("is {...a, ...b}, byte for byte what encoding that object gives", () => {
    const a = { pages: [{ id: "p", title: "Ünïcode ✓", nested: { deep: [1, 2] } }] };
    const b = { object: "revision", id: "r1", files: [], variables: { x: "}{" } };
    const joined = joinEncodedObjects(encodeJson(a), encodeJson(b));
    expect(text(joined)).toBe(JSON.stringify({ ...a, ...b }));
    expect(JSON.parse(text(joined))).toEqual({ ...a, ...b });
  });

  it("handles an empty object on either side", () => {
    expect(text(joinEncodedObjects(encodeJson({}), encodeJson({ a: 1 })))).toBe('{"a":1}');
    expect(text(joinEncodedObjects(encodeJson({ a: 1 }), encodeJson({})))).toBe('{"a":1}');
    expect(text(joinEncodedObjects(encodeJson({}), encodeJson({})))).toBe("{}");
  });
});

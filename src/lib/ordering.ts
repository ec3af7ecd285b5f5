/**
 * Fractional ordering keys (the "fractional indexing" scheme): a key is an integer part (a head letter that
 * gives its length, then base-62 digits) followed by an optional fraction. Keys compare as plain strings
 * (SQLite's BINARY collation and JS `<` agree, the alphabet being in ASCII order), and a key can always be
 * made between any two, so placing an item rewrites that item's key only. Appending at the end increments
 * the integer part, so keys stay short however many items are appended.
 */
const DIGITS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const SMALLEST_INTEGER = `A${"0".repeat(26)}`;

function midpoint(a: string, b: string | null): string {
  if (b !== null && a >= b) throw new Error(`ordering: ${a} >= ${b}`);
  if (b !== null) {
    let n = 0;
    while ((a[n] ?? "0") === b[n]) n++;
    if (n > 0) return b.slice(0, n) + midpoint(a.slice(n), b.slice(n));
  }
  const digitA = a ? DIGITS.indexOf(a[0]) : 0;
  const digitB = b !== null ? DIGITS.indexOf(b[0]) : DIGITS.length;
  if (digitB - digitA > 1) return DIGITS[Math.round((digitA + digitB) / 2)];
  if (b !== null && b.length > 1) return b.slice(0, 1);
  return DIGITS[digitA] + midpoint(a.slice(1), null);
}

function integerLength(head: string): number {
  if (head >= "a" && head <= "z") return head.charCodeAt(0) - 97 + 2;
  if (head >= "A" && head <= "Z") return 90 - head.charCodeAt(0) + 2;
  throw new Error(`ordering: invalid key head ${head}`);
}

function integerPart(key: string): string {
  const length = integerLength(key[0]);
  if (length > key.length) throw new Error(`ordering: invalid key ${key}`);
  return key.slice(0, length);
}

function increment(x: string): string | null {
  const head = x[0];
  const digits = x.slice(1).split("");
  let carry = true;
  for (let i = digits.length - 1; carry && i >= 0; i--) {
    const d = DIGITS.indexOf(digits[i]) + 1;
    if (d === DIGITS.length) digits[i] = "0";
    else {
      digits[i] = DIGITS[d];
      carry = false;
    }
  }
  if (!carry) return head + digits.join("");
  if (head === "Z") return "a0";
  if (head === "z") return null;
  const next = String.fromCharCode(head.charCodeAt(0) + 1);
  if (next > "a") digits.push("0");
  else digits.pop();
  return next + digits.join("");
}

function decrement(x: string): string | null {
  const head = x[0];
  const digits = x.slice(1).split("");
  let borrow = true;
  for (let i = digits.length - 1; borrow && i >= 0; i--) {
    const d = DIGITS.indexOf(digits[i]) - 1;
    if (d === -1) digits[i] = DIGITS[DIGITS.length - 1];
    else {
      digits[i] = DIGITS[d];
      borrow = false;
    }
  }
  if (!borrow) return head + digits.join("");
  if (head === "a") return `Z${DIGITS[DIGITS.length - 1]}`;
  if (head === "A") return null;
  const next = String.fromCharCode(head.charCodeAt(0) - 1);
  if (next < "Z") digits.push(DIGITS[DIGITS.length - 1]);
  else digits.pop();
  return next + digits.join("");
}

/** A key strictly between `a` and `b` (null: open end). Requires a < b. */
export function keyBetween(a: string | null, b: string | null): string {
  if (a !== null && b !== null && a >= b) throw new Error(`ordering: ${a} >= ${b}`);
  if (a === null && b === null) return "a0";
  if (a === null) {
    const ib = integerPart(b!);
    const fb = b!.slice(ib.length);
    if (ib === SMALLEST_INTEGER) return ib + midpoint("", fb);
    if (ib < b!) return ib;
    const lower = decrement(ib);
    if (lower === null) throw new Error("ordering: cannot decrement further");
    return lower;
  }
  const ia = integerPart(a);
  const fa = a.slice(ia.length);
  if (b === null) {
    const next = increment(ia);
    return next === null ? ia + midpoint(fa, null) : next;
  }
  const ib = integerPart(b);
  const fb = b.slice(ib.length);
  if (ia === ib) return ia + midpoint(fa, fb);
  const next = increment(ia);
  if (next === null) throw new Error("ordering: cannot increment further");
  return next < b ? next : ia + midpoint(fa, null);
}

/**
 * Keys for `count` items inserted at `index` of `siblings` (in their order). Normally only the new items get
 * keys; when the two neighbours share a key (a tie no key can split), every sibling is re-keyed in its current
 * order and listed in `rekeyed`.
 */
export function keysAt<T extends { sortKey: string }>(
  siblings: T[],
  index: number,
  count: number,
): { keys: string[]; rekeyed: { item: T; sortKey: string }[] } {
  const low = siblings[index - 1]?.sortKey ?? null;
  const high = siblings[index]?.sortKey ?? null;
  if (low === null || high === null || low < high) {
    const keys: string[] = [];
    let previous = low;
    for (let i = 0; i < count; i++) {
      previous = keyBetween(previous, high);
      keys.push(previous);
    }
    return { keys, rekeyed: [] };
  }
  const fresh: string[] = [];
  let previous: string | null = null;
  for (let i = 0; i < siblings.length + count; i++) {
    previous = keyBetween(previous, null);
    fresh.push(previous);
  }
  return {
    keys: fresh.slice(index, index + count),
    rekeyed: siblings.map((item, i) => ({ item, sortKey: fresh[i < index ? i : i + count]! })),
  };
}

/** A map bounded by the total size of its values (as `sizeOf` measures them): least recently used leave first. */
export class ByteLru<V> {
  private readonly entries = new Map<string, { value: V; bytes: number }>();
  private bytes = 0;

  constructor(
    private readonly maxBytes: number,
    private readonly sizeOf: (value: V) => number,
  ) {}

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: string, value: V): void {
    const bytes = this.sizeOf(value);
    if (bytes > this.maxBytes) return;
    const old = this.entries.get(key);
    if (old) {
      this.entries.delete(key);
      this.bytes -= old.bytes;
    }
    this.entries.set(key, { value, bytes });
    this.bytes += bytes;
    for (const [oldest, entry] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= entry.bytes;
    }
  }

  delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }
}

/**
 * Values computed from tables a trigger-moved counter watches (the access generation; a space's detail version),
 * kept per isolate with the counter's value they were read at. A read that finds the counter elsewhere must not
 * use them: it reads them again. Bounded by count; least recently used entries leave first.
 */
export class AccessMemo<V> {
  private readonly entries = new Map<string, { value: V; generation: number }>();

  constructor(private readonly maxEntries: number) {}

  /** The value kept for `key`, whatever its generation (the caller compares it with what D1 says). */
  get(key: string): { value: V; generation: number } | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  set(key: string, value: V, generation: number): void {
    this.entries.delete(key);
    this.entries.set(key, { value, generation });
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }

  delete(key: string): void {
    this.entries.delete(key);
  }
}

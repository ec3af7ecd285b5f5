/** Timestamps are stored as epoch milliseconds and served as ISO 8601 UTC with milliseconds. */
export function iso(ms: number): string;
export function iso(ms: number | null | undefined): string | undefined;
export function iso(ms: number | null | undefined): string | undefined {
  return ms == null ? undefined : new Date(ms).toISOString();
}

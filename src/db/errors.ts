/** True when a D1 error (possibly wrapped by Drizzle) is a UNIQUE violation on `table.column`. */
export function isUniqueViolation(error: unknown, column: string): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if (String((e as Error).message ?? e).includes(`UNIQUE constraint failed: ${column}`)) return true;
  }
  return false;
}

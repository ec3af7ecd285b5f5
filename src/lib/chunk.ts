/** Splits rows so that each statement stays under D1's 100 bound parameters. */
export function chunk<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Rows per multi-row INSERT for a table whose rows bind `columns` parameters each. */
export function rowsPerInsert(columns: number): number {
  return Math.max(1, Math.floor(100 / columns));
}

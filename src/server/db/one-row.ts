/**
 * The single row of an insert/update `returning()` or a lookup that cannot miss; its absence is a
 * broken invariant (a 500 in the error shape), never a value to go on with.
 */
export function oneRow<T>(rows: readonly T[]): T {
  const [row] = rows
  if (row === undefined) throw new Error('Expected one row, got none.')
  return row
}

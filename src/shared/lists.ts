/** A list with at least one item, so that its first item (and any wrapped index) always exists. */
export type NonEmpty<T> = readonly [T, ...T[]]

/** Narrows a list that has an item to a list whose first item exists. */
export const isNonEmpty = <T>(xs: T[]): xs is [T, ...T[]] => xs.length > 0

/** The item at `i`, counting round the list (negative `i` counts from the end). */
export const cyclic = <L extends NonEmpty<unknown>>(xs: L, i: number): L[number] => xs[((i % xs.length) + xs.length) % xs.length] ?? xs[0]

/** The last item of a list that cannot be empty. */
export const last = <L extends NonEmpty<unknown>>(xs: L): L[number] => cyclic(xs, -1)

/** `value`, which the code's own invariants guarantee; its absence is a bug, thrown as one. */
export function present<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) throw new Error(`Expected ${what}, found none.`)
  return value
}

import { sql, type AnyColumn } from 'drizzle-orm'
import type { Db, Tx } from './client'

type CountedToggle<T> = {
  /** Inserts the row (on conflict nothing) and returns what was inserted. */
  insert: (tx: Tx) => Promise<unknown[]>
  /** Deletes the row and returns what was deleted. */
  remove: (tx: Tx) => Promise<unknown[]>
  /** Moves the counters by `delta` (1, -1, or 0 when nothing changed) and returns the new count. */
  count: (tx: Tx, delta: number) => Promise<T>
}

/**
 * Turns a membership row (a like, a save, a follow) on or off and moves its counters in the same
 * transaction, by what actually changed: repeating a toggle changes nothing.
 */
export async function countedToggle<T>(db: Db, on: boolean, t: CountedToggle<T>): Promise<{ changed: boolean; count: T }> {
  return db.transaction(async (tx) => {
    const rows = on ? await t.insert(tx) : await t.remove(tx)
    const delta = rows.length ? (on ? 1 : -1) : 0
    return { changed: delta !== 0, count: await t.count(tx, delta) }
  })
}

/** A counter moved by `delta`, never below zero. */
export const movedBy = (column: AnyColumn, delta: number) => sql`greatest(0, ${column} + ${delta})`

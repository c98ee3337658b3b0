import { and, asc, desc, eq, ne } from 'drizzle-orm'
import { MT } from '~/shared/marketplace/messages'
import type { Address, ShippingAddress } from '~/shared/marketplace/schemas'
import type { Db, Tx } from '../../db/client'
import { addresses } from '../../db/schema'
import { oneRow } from '../../db/one-row'
import { notFound } from '../../http/errors'

type AddressRow = typeof addresses.$inferSelect

export const fullName = (a: Pick<ShippingAddress, 'firstName' | 'lastName'>) => [a.firstName, a.lastName].filter(Boolean).join(' ')
/** One line: street, zip and city, state, country. */
export const formatAddress = (a: ShippingAddress) => [a.streetName, `${a.zipCode} ${a.city}`, a.state, a.country].filter((p) => p.trim()).join(', ')

function toAddress(r: AddressRow): Address {
  const fields: ShippingAddress = { firstName: r.firstName, lastName: r.lastName, country: r.country, streetName: r.streetName, city: r.city, state: r.state, zipCode: r.zipCode, phoneNumber: r.phoneNumber }
  return { id: r.id, name: fullName(fields), address: formatAddress(fields), phone: r.phoneNumber, isDefault: r.isDefault, fields }
}

const own = (userId: string, id: string) => and(eq(addresses.id, id), eq(addresses.userId, userId))

export async function listAddresses(db: Db, userId: string) {
  const rows = await db.select().from(addresses).where(eq(addresses.userId, userId)).orderBy(desc(addresses.isDefault), asc(addresses.createdAt))
  return rows.map(toAddress)
}

export async function getAddress(db: Db, userId: string, id: string) {
  const [row] = await db.select().from(addresses).where(own(userId, id))
  if (!row) throw notFound(MT.addressNotFound)
  return toAddress(row)
}

/** A user's first address becomes the default. */
export async function createAddress(db: Db | Tx, userId: string, fields: ShippingAddress) {
  const [existing] = await db.select({ id: addresses.id }).from(addresses).where(eq(addresses.userId, userId)).limit(1)
  const row = oneRow(await db.insert(addresses).values({ ...fields, userId, isDefault: !existing }).returning())
  return toAddress(row)
}

export async function updateAddress(db: Db, userId: string, id: string, fields: ShippingAddress) {
  const [row] = await db.update(addresses).set(fields).where(own(userId, id)).returning()
  if (!row) throw notFound(MT.addressNotFound)
  return toAddress(row)
}

/** Exactly one default: clear the old one, then set the new one, in one transaction. */
export async function setDefaultAddress(db: Db, userId: string, id: string) {
  return db.transaction(async (tx) => {
    const [row] = await tx.select({ id: addresses.id }).from(addresses).where(own(userId, id))
    if (!row) throw notFound(MT.addressNotFound)
    await tx.update(addresses).set({ isDefault: false }).where(and(eq(addresses.userId, userId), eq(addresses.isDefault, true), ne(addresses.id, id)))
    await tx.update(addresses).set({ isDefault: true }).where(own(userId, id))
    const rows = await tx.select().from(addresses).where(eq(addresses.userId, userId)).orderBy(desc(addresses.isDefault), asc(addresses.createdAt))
    return rows.map(toAddress)
  })
}

/** Deleting the default makes the oldest remaining address the default. */
export async function deleteAddress(db: Db, userId: string, id: string) {
  await db.transaction(async (tx) => {
    const [removed] = await tx.delete(addresses).where(own(userId, id)).returning({ isDefault: addresses.isDefault })
    if (!removed) throw notFound(MT.addressNotFound)
    if (!removed.isDefault) return
    const [next] = await tx.select({ id: addresses.id }).from(addresses).where(eq(addresses.userId, userId)).orderBy(asc(addresses.createdAt)).limit(1)
    if (next) await tx.update(addresses).set({ isDefault: true }).where(eq(addresses.id, next.id))
  })
}

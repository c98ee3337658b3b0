import { and, eq, isNotNull } from 'drizzle-orm'
import { products } from '../../db/schema'
import type { Platform } from '../../platform'
import type { Storage } from '../../platform/storage'
import { colorImageSets, renderMissing } from './images'

/** `products/<set>/<width>.webp` or `products/<set>/garment.png`, where a set is `<productId>` or `<productId>-<colour>`. */
const GENERATED_KEY = /^products\/(([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})[^/]*)\/(?:\d+\.webp|garment\.png)$/
const rendering = new WeakMap<Storage, Map<string, Promise<void>>>()

/**
 * Renders the image set a missing stored key belongs to, when it is a colour of an illustrated
 * product: the seed renders the catalogue in the background after start-up, and a visitor may ask
 * for an image before it gets there. Concurrent asks for one set share one render; a key of no
 * product's set renders nothing. True when the set was rendered.
 */
export async function renderProductImageOnDemand(p: Platform, key: string) {
  const [, set, productId] = GENERATED_KEY.exec(key) ?? []
  if (!set || !productId) return false
  const [row] = await p.db
    .select({ illustration: products.illustration, colors: products.colors })
    .from(products)
    .where(and(eq(products.id, productId), isNotNull(products.illustration)))
  const image = row?.illustration ? colorImageSets(productId, row.illustration, row.colors).find((s) => s.set === set) : undefined
  if (!image) return false
  const inFlight = rendering.get(p.storage) ?? new Map<string, Promise<void>>()
  rendering.set(p.storage, inFlight)
  let render = inFlight.get(set)
  if (!render) {
    render = renderMissing(p.storage, image).finally(() => inFlight.delete(set))
    inFlight.set(set, render)
  }
  await render
  return true
}

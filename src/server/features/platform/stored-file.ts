import type { Platform } from '../../platform'
import { renderProductImageOnDemand } from '../products'

/** A stored object by key, or null; a demo product image not rendered yet is rendered first. */
export async function readStoredFile(p: Platform, key: string) {
  const object = await p.storage.get(key).catch(() => null)
  if (object || !(await renderProductImageOnDemand(p, key))) return object
  return p.storage.get(key)
}

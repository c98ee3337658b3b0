import { useSyncExternalStore } from 'react'

/**
 * A photo taken or picked in this session that is not in the photo library yet; `failed` is why
 * its last upload did not go through (it waits for the user to try again or remove it).
 */
export type Draft = { id: string; blob: Blob; url: string; createdAt: number; failed: string | null }

let drafts: Draft[] = []
const listeners = new Set<() => void>()
const emit = () => listeners.forEach((l) => l())

/**
 * New photos travel from /camera to /photo-library through this in-memory store (Blobs do not
 * belong in history state); the photo library uploads them to the server as soon as it shows them.
 */
export const draftStore = {
  add(blobs: Blob[]) {
    const now = Date.now()
    const added = blobs.map((blob, i) => ({ id: crypto.randomUUID(), blob, url: URL.createObjectURL(blob), createdAt: now + i, failed: null }))
    drafts = [...[...added].reverse(), ...drafts]
    emit()
    return added
  },
  remove(ids: string[]) {
    for (const d of drafts) if (ids.includes(d.id)) URL.revokeObjectURL(d.url)
    drafts = drafts.filter((d) => !ids.includes(d.id))
    emit()
  },
  /** Marks a draft's upload as failed (`failed` a message), or as waiting again (null). */
  setFailed(id: string, failed: string | null) {
    drafts = drafts.map((d) => (d.id === id ? { ...d, failed } : d))
    emit()
  },
}

export function useDrafts() {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l)
      return () => listeners.delete(l)
    },
    () => drafts,
  )
}

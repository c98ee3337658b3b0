import { useEffect, useEffectEvent, useRef } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { FM } from '~/shared/posts/messages'
import type { LibraryPhoto } from '~/shared/posts/schemas'
import { errorMessage } from '../../lib/api'
import { toast } from '../../lib/toast'
import { showInMyPhotos, uploadLibraryPhoto } from './api'
import { draftStore, useDrafts } from './drafts'

/**
 * Uploads the photos waiting in the draft store to the photo library, oldest first and one at a
 * time, while the library is open. Answers the ones still waiting; `onAdded` gets each stored photo.
 */
export function useLibraryUploads(onAdded: (photo: LibraryPhoto) => void) {
  const drafts = useDrafts()
  const qc = useQueryClient()
  const uploading = useRef(false)
  const added = useEffectEvent(onAdded)
  useEffect(() => {
    const next = drafts.at(-1)
    if (uploading.current || !next) return
    uploading.current = true
    uploadLibraryPhoto(next.blob)
      .then(async (photo) => {
        await showInMyPhotos(qc, photo)
        added(photo)
      })
      .catch((err: unknown) => toast.error(errorMessage(err, FM.couldNotAddPhoto)))
      .finally(() => {
        uploading.current = false
        draftStore.remove([next.id])
      })
  }, [drafts, qc])
  return drafts
}

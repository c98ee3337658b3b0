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
 * time, while the library is open. Answers the drafts not stored yet; `onAdded` gets each stored
 * photo. A draft whose upload fails stays, marked with the reason, until the user tries it again
 * or removes it: a photo just taken is never lost to a dropped connection.
 */
export function useLibraryUploads(onAdded: (photo: LibraryPhoto) => void) {
  const drafts = useDrafts()
  const qc = useQueryClient()
  const uploading = useRef(false)
  const added = useEffectEvent(onAdded)
  useEffect(() => {
    const next = drafts.findLast((d) => !d.failed)
    if (uploading.current || !next) return
    uploading.current = true
    uploadLibraryPhoto(next.blob)
      .then(
        async (photo) => {
          // (the stored photo shows before its draft goes: no gap in the grid)
          await showInMyPhotos(qc, photo)
          added(photo)
          return null
        },
        (err: unknown) => errorMessage(err, FM.couldNotAddPhoto),
      )
      .then((failed) => {
        uploading.current = false
        if (failed === null) return draftStore.remove([next.id])
        toast.error(failed)
        draftStore.setFailed(next.id, failed)
      })
  }, [drafts, qc])
  return drafts
}

import { useEffect } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { T } from '~/shared/tryon/messages'
import type { Photo, PhotoType, ProductSummary, TryOnResult } from '~/shared/tryon/schemas'
import { ApiRequestError, errorMessage } from '../../lib/api'
import { toast } from '../../lib/toast'
import { postKeys } from '../feed'
import { productKeys, setLike } from '../marketplace'
import { deletePhoto, deleteResult, fetchLiked, fetchPhotos, fetchResults, postToFeed, saveResult, tryonKeys, uploadPhoto } from './api'

const PHOTO_TEXT = {
  base: { loadFailed: T.failedToLoadPhotos, uploaded: T.photoUploaded, uploadFailed: T.failedToUploadPhoto, deleted: T.photoDeleted, deleteFailed: T.failedToDeletePhoto },
  product: { loadFailed: T.failedToLoadProductPhotos, uploaded: T.productPhotoUploaded, uploadFailed: T.failedToUploadProductPhoto, deleted: T.productPhotoDeleted, deleteFailed: T.failedToDeleteProductPhoto },
} as const

/** The spec's signed-out message when the session has ended, else the failure message. */
const failure = (err: unknown, signedOut: string, fallback: string) => (err instanceof ApiRequestError && err.status === 401 ? signedOut : fallback)

/** Toasts `message` once each time `failed` turns true. */
function useFailureToast(failed: boolean, message: string) {
  useEffect(() => {
    if (failed) toast.error(message)
  }, [failed, message])
}

export function usePhotos(type: PhotoType) {
  const q = useQuery({ queryKey: tryonKeys.photos(type), queryFn: () => fetchPhotos(type) })
  useFailureToast(q.isError, PHOTO_TEXT[type].loadFailed)
  return q
}

/** Uploads a photo, puts it first in its list and toasts the spec's messages (`saveTexts` replaces the failure texts). */
export function useUploadPhoto(type: PhotoType, saveTexts?: { failed: string; signedOut: string }) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (file: Blob) => uploadPhoto(file, type),
    onSuccess: (photo) => {
      qc.setQueryData<Photo[]>(tryonKeys.photos(type), (list) => [photo, ...(list ?? [])])
      toast.success(PHOTO_TEXT[type].uploaded)
    },
    onError: (err) => toast.error(failure(err, saveTexts?.signedOut ?? T.signInToUploadPhotos, saveTexts?.failed ?? PHOTO_TEXT[type].uploadFailed)),
  })
}

/** Deletes a photo at once (rolled back with a toast when the server refuses). */
export function useDeletePhoto(type: PhotoType) {
  const qc = useQueryClient()
  const key = tryonKeys.photos(type)
  return useMutation({
    mutationFn: (id: string) => deletePhoto(id),
    onMutate: async (id) => {
      await qc.cancelQueries({ queryKey: key })
      const before = qc.getQueryData<Photo[]>(key)
      qc.setQueryData<Photo[]>(key, (list) => list?.filter((p) => p.id !== id))
      return { before }
    },
    onError: (err, _id, ctx) => {
      qc.setQueryData(key, ctx?.before)
      toast.error(failure(err, T.signInToDeletePhotos, PHOTO_TEXT[type].deleteFailed))
    },
    onSuccess: () => toast.success(PHOTO_TEXT[type].deleted),
  })
}

export function useLiked() {
  const q = useQuery({ queryKey: tryonKeys.liked, queryFn: fetchLiked })
  useFailureToast(q.isError, T.failedToLoadProductPhotos)
  return q
}

/** Unlikes a product from the studio at once (rolled back with a toast on failure). */
export function useUnlike() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => setLike(id, false),
    onMutate: async (id) => {
      await qc.cancelQueries({ queryKey: tryonKeys.liked })
      const before = qc.getQueryData<ProductSummary[]>(tryonKeys.liked)
      qc.setQueryData<ProductSummary[]>(tryonKeys.liked, (list) => list?.filter((p) => p.id !== id))
      return { before }
    },
    onError: (err, _id, ctx) => {
      qc.setQueryData(tryonKeys.liked, ctx?.before)
      toast.error(failure(err, T.signInToUnlike, T.failedToUnlike))
    },
    onSuccess: () => {
      toast.success(T.productUnliked)
      void qc.invalidateQueries({ queryKey: productKeys.products })
    },
  })
}

export const useResults = () => useQuery({ queryKey: tryonKeys.results, queryFn: fetchResults })

export function useSaveResult() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: ({ generationId, resultUrl }: { generationId: string; resultUrl?: string }) => saveResult(generationId, resultUrl),
    onSuccess: (result) => {
      qc.setQueryData<TryOnResult[]>(tryonKeys.results, (list) => [result, ...(list ?? []).filter((r) => r.id !== result.id)])
      toast.success(T.resultSaved)
    },
    onError: (err) => toast.error(errorMessage(err, '') === T.missingDataToSave ? T.missingDataToSave : failure(err, T.logInToSaveResults, T.failedToSaveResult)),
  })
}

export function useDeleteResult() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => deleteResult(id),
    onMutate: async (id) => {
      await qc.cancelQueries({ queryKey: tryonKeys.results })
      const before = qc.getQueryData<TryOnResult[]>(tryonKeys.results)
      qc.setQueryData<TryOnResult[]>(tryonKeys.results, (list) => list?.filter((r) => r.id !== id))
      return { before }
    },
    onError: (err, _id, ctx) => {
      qc.setQueryData(tryonKeys.results, ctx?.before)
      toast.error(failure(err, T.signInToDeleteResults, T.failedToDeleteResult))
    },
    onSuccess: () => toast.success(T.resultDeleted),
  })
}

export function usePostToFeed() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: ({ generationId, resultUrl }: { generationId: string; resultUrl?: string }) => postToFeed(generationId, resultUrl),
    onSuccess: () => {
      toast.success(T.posted)
      void qc.invalidateQueries({ queryKey: postKeys.all })
    },
    onError: (err) => toast.error(errorMessage(err, '') === T.noImageToPost ? T.noImageToPost : failure(err, T.logInToPost, T.failedToPost)),
  })
}

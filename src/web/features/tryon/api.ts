import { z } from 'zod/mini'
import {
  CollectionSchema,
  GenerationSchema,
  HistoryRowSchema,
  PhotoSchema,
  PostedResultSchema,
  ProductSummarySchema,
  SettingsResponseSchema,
  TryOnResultSchema,
  type PhotoType,
  type Settings,
  type StartTryOnInput,
} from '~/shared/tryon/schemas'
import { api } from '../../lib/api'

export const tryonKeys = {
  photos: (type: PhotoType) => ['tryon', 'photos', type] as const,
  liked: ['tryon', 'liked'] as const,
  results: ['tryon', 'results'] as const,
  generations: ['tryon', 'generations'] as const,
  generation: (id: string) => ['tryon', 'generation', id] as const,
  collections: ['tryon', 'collections'] as const,
  settings: ['tryon', 'settings'] as const,
  history: ['tryon', 'history'] as const,
}

export const fetchPhotos = (type: PhotoType) => api('/photos', { query: { type }, schema: z.array(PhotoSchema) })
export function uploadPhoto(file: Blob, type: PhotoType, name = 'photo.jpg') {
  const form = new FormData()
  form.set('photo_type', type)
  form.set('file', file, file instanceof File ? file.name : name)
  return api('/photos', { body: form, schema: PhotoSchema })
}
export const deletePhoto = (id: string) => api(`/photos/${id}`, { method: 'DELETE', schema: PhotoSchema })

export const fetchLiked = () => api('/tryon/liked', { schema: z.array(ProductSummarySchema) })

export const startTryOn = (body: StartTryOnInput) => api('/tryon/generations', { body, schema: GenerationSchema })
export const fetchGeneration = (id: string) => api(`/tryon/generations/${id}`, { schema: GenerationSchema })
export const fetchGenerations = (limit = 12) => api('/tryon/generations', { query: { limit }, schema: z.array(GenerationSchema) })
export const fetchHistory = () => api('/tryon/history', { schema: z.array(HistoryRowSchema) })

export const fetchResults = () => api('/tryon/results', { schema: z.array(TryOnResultSchema) })
export const saveResult = (generationId: string, resultUrl?: string) => api('/tryon/results', { body: { generationId, resultUrl }, schema: TryOnResultSchema })
export const deleteResult = (id: string) => api(`/tryon/results/${id}`, { method: 'DELETE' })
export const postToFeed = (generationId: string, resultUrl?: string) => api('/tryon/posts', { body: { generationId, resultUrl }, schema: PostedResultSchema })

export const fetchCollections = () => api('/tryon/collections', { schema: z.array(CollectionSchema) })
export const createCollection = (name: string) => api('/tryon/collections', { body: { name }, schema: CollectionSchema })
export const addToCollection = (collectionId: string, resultId: string) => api(`/tryon/collections/${collectionId}/items`, { body: { resultId }, schema: CollectionSchema })

export const fetchSettings = () => api('/tryon/settings', { schema: SettingsResponseSchema })
export const saveSettings = (body: Settings) => api('/tryon/settings', { method: 'PUT', body, schema: SettingsResponseSchema })

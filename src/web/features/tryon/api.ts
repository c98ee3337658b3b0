import type { Collection, Generation, HistoryRow, Photo, PhotoType, ProductSummary, Settings, SettingsResponse, StartTryOnInput, TryOnResult } from '~/shared/tryon/schemas'
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

export const fetchPhotos = (type: PhotoType) => api<Photo[]>('/photos', { query: { type } })
export function uploadPhoto(file: Blob, type: PhotoType, name = 'photo.jpg') {
  const form = new FormData()
  form.set('photo_type', type)
  form.set('file', file, file instanceof File ? file.name : name)
  return api<Photo>('/photos', { body: form })
}
export const deletePhoto = (id: string) => api<Photo>(`/photos/${id}`, { method: 'DELETE' })

export const fetchLiked = () => api<ProductSummary[]>('/tryon/liked')

export const startTryOn = (body: StartTryOnInput) => api<Generation & { generationId: string }>('/tryon/generations', { body })
export const fetchGeneration = (id: string) => api<Generation>(`/tryon/generations/${id}`)
export const fetchGenerations = (limit = 12) => api<Generation[]>('/tryon/generations', { query: { limit } })
export const fetchHistory = () => api<HistoryRow[]>('/tryon/history')

export const fetchResults = () => api<TryOnResult[]>('/tryon/results')
export const saveResult = (generationId: string, resultUrl?: string) => api<TryOnResult>('/tryon/results', { body: { generationId, resultUrl } })
export const deleteResult = (id: string) => api<void>(`/tryon/results/${id}`, { method: 'DELETE' })
export const postToFeed = (generationId: string, resultUrl?: string) => api<{ postId: string }>('/tryon/posts', { body: { generationId, resultUrl } })

export const fetchCollections = () => api<Collection[]>('/tryon/collections')
export const createCollection = (name: string) => api<Collection>('/tryon/collections', { body: { name } })
export const addToCollection = (collectionId: string, resultId: string) => api<Collection>(`/tryon/collections/${collectionId}/items`, { body: { resultId } })

export const fetchSettings = () => api<SettingsResponse>('/tryon/settings')
export const saveSettings = (body: Settings) => api<SettingsResponse>('/tryon/settings', { method: 'PUT', body })

import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query'
import { CommentPageSchema, CommentSchema, LibraryPhotoSchema, LikeStateSchema, PhotoListSchema, PostPageSchema, PostSchema, SaveStateSchema, type LibraryPhoto, type PhotoList, type Post, type PostPage } from '~/shared/posts/schemas'
import { FM } from '~/shared/posts/messages'
import { POST_PAGE_SIZE } from '~/shared/posts/paging'
import { api, errorMessage } from '../../lib/api'
import { toast } from '../../lib/toast'

/** Every list of posts lives under ['posts', …] so that one toggle can patch them all. */
export const postKeys = {
  all: ['posts'] as const,
  feed: ['posts', 'feed'] as const,
  grid: (username: string, tab: 'grid' | 'tagged') => ['posts', 'user', username, tab] as const,
  one: (postId: string) => ['posts', 'one', postId] as const,
  comments: (postId: string) => ['comments', postId] as const,
  photos: ['photos', 'mine'] as const,
}

/** An infinite, cursor-paginated list of posts from `path`. */
export function usePostPages(key: readonly unknown[], path: string, enabled = true) {
  return useInfiniteQuery({
    queryKey: key,
    queryFn: ({ pageParam }) => api(path, { query: { cursor: pageParam, limit: POST_PAGE_SIZE }, schema: PostPageSchema }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled,
  })
}

type CachedPosts = InfiniteData<PostPage> | Post

/** Applies `patch` to the post wherever it is cached (pages of posts and single posts). */
function patchPost(qc: QueryClient, id: string, patch: (p: Post) => Post) {
  qc.setQueriesData<CachedPosts>({ queryKey: postKeys.all }, (data) => {
    if (!data) return data
    if ('pages' in data) return { ...data, pages: data.pages.map((pg) => ({ ...pg, items: pg.items.map((p) => (p.id === id ? patch(p) : p)) })) }
    return data.id === id ? patch(data) : data
  })
}

function snapshot(qc: QueryClient) {
  return qc.getQueriesData<CachedPosts>({ queryKey: postKeys.all })
}

/** One post, as /p/:postId shows it. */
export const usePost = (postId: string) => useQuery({ queryKey: postKeys.one(postId), queryFn: () => api(`/posts/${postId}`, { schema: PostSchema }) })

/**
 * An optimistic toggle on a post (like, save): patches every cached copy at once, sends the
 * request, rolls back with a toast when it fails.
 */
/** Likes or saves (`on`) a post, or takes it back; resolves with the post's new count. */
function toggleCount(postId: string, kind: 'like' | 'save', on: boolean) {
  const method = on ? 'PUT' : 'DELETE'
  return kind === 'like'
    ? api(`/posts/${postId}/like`, { method, schema: LikeStateSchema }).then((s) => s.likesCount)
    : api(`/posts/${postId}/save`, { method, schema: SaveStateSchema }).then((s) => s.savesCount)
}

function usePostToggle(kind: 'like' | 'save') {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: ({ post, on }: { post: Post; on: boolean }) => toggleCount(post.id, kind, on),
    onMutate: async ({ post, on }) => {
      await qc.cancelQueries({ queryKey: postKeys.all })
      const before = snapshot(qc)
      patchPost(qc, post.id, (p) =>
        kind === 'like'
          ? { ...p, isLiked: on, likesCount: Math.max(0, p.likesCount + (on === p.isLiked ? 0 : on ? 1 : -1)) }
          : { ...p, isSaved: on, savesCount: Math.max(0, p.savesCount + (on === p.isSaved ? 0 : on ? 1 : -1)) },
      )
      return { before }
    },
    onSuccess: (count, { post }) => {
      patchPost(qc, post.id, (p) => (kind === 'like' ? { ...p, likesCount: count } : { ...p, savesCount: count }))
    },
    onError: (err, _vars, ctx) => {
      for (const [key, data] of ctx?.before ?? []) qc.setQueryData(key, data)
      toast.error(errorMessage(err, kind === 'like' ? FM.couldNotLike : FM.couldNotSave))
    },
  })
}

export const useLikeToggle = () => usePostToggle('like')
export const useSaveToggle = () => usePostToggle('save')

export function useComments(postId: string, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: postKeys.comments(postId),
    queryFn: ({ pageParam }) => api(`/posts/${postId}/comments`, { query: { cursor: pageParam, limit: 30 }, schema: CommentPageSchema }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled,
  })
}

export function useAddComment(postId: string) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (body: string) => api(`/posts/${postId}/comments`, { body: { body }, schema: CommentSchema }),
    onSuccess: () => {
      patchPost(qc, postId, (p) => ({ ...p, commentsCount: p.commentsCount + 1 }))
      return qc.invalidateQueries({ queryKey: postKeys.comments(postId) })
    },
  })
}

export function useDeleteComment(postId: string) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => api(`/comments/${id}`, { method: 'DELETE' }),
    onSuccess: () => {
      patchPost(qc, postId, (p) => ({ ...p, commentsCount: Math.max(0, p.commentsCount - 1) }))
      return qc.invalidateQueries({ queryKey: postKeys.comments(postId) })
    },
    onError: (err) => toast.error(errorMessage(err, 'Could not delete the comment.')),
  })
}

export const useMyPhotos = () => useQuery({ queryKey: postKeys.photos, queryFn: () => api('/posts/photos', { schema: PhotoListSchema }) })

/**
 * Puts a photo just stored at the top of the cached library at once, then asks for the list
 * again in the background. A list request already on its way is cancelled first: it may have
 * been answered before the photo was stored.
 */
export async function showInMyPhotos(qc: QueryClient, photo: LibraryPhoto) {
  await qc.cancelQueries({ queryKey: postKeys.photos })
  qc.setQueryData<PhotoList>(postKeys.photos, (list) => list && { ...list, items: [photo, ...list.items], count: list.count + 1 })
  void qc.invalidateQueries({ queryKey: postKeys.photos })
}

/** Adds a photo to the signed-in user's photo library, where it stays until deleted. */
export function uploadLibraryPhoto(file: Blob) {
  const body = new FormData()
  body.set('file', file, file instanceof File ? file.name : 'photo.jpg')
  return api('/library/photos', { body, schema: LibraryPhotoSchema })
}

export function useDeleteLibraryPhoto() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => api(`/library/photos/${id}`, { method: 'DELETE' }),
    onSuccess: () => {
      toast.success(FM.libraryPhotoDeleted)
      return qc.invalidateQueries({ queryKey: postKeys.photos })
    },
    onError: (err) => toast.error(errorMessage(err, FM.couldNotDeletePhoto)),
  })
}

export const createPost = (caption: string, images: string[]) => api('/posts', { body: { caption, images }, schema: PostSchema })

/** Deletes one of the user's own posts and drops it from every cached list. */
export function useDeletePost() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => api(`/posts/${id}`, { method: 'DELETE' }),
    onSuccess: (_res, id) => {
      qc.setQueriesData<CachedPosts>({ queryKey: postKeys.all }, (data) =>
        data && 'pages' in data ? { ...data, pages: data.pages.map((pg) => ({ ...pg, items: pg.items.filter((p) => p.id !== id) })) } : data,
      )
      void qc.invalidateQueries({ queryKey: postKeys.one(id) })
      void qc.invalidateQueries({ queryKey: ['profile'] })
      void qc.invalidateQueries({ queryKey: postKeys.photos })
      toast.success(FM.postDeleted)
    },
    onError: (err) => toast.error(errorMessage(err, FM.couldNotDelete)),
  })
}

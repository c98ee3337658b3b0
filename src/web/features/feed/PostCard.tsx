import { lazy, Suspense, useState } from 'react'
import { BadgeCheck, Bookmark, Heart, MessageCircle, MoreHorizontal, Send } from 'lucide-react'
import { Link, useNavigate } from '../../lib/router'
import { timeAgo } from '~/shared/posts/format'
import { FM } from '~/shared/posts/messages'
import type { OutfitItem, Post } from '~/shared/posts/schemas'
import { IconButton } from '../../components/Button'
import { cn } from '../../lib/cn'
import { useSession } from '../../lib/session'
import { toast } from '../../lib/toast'
import { UserAvatar } from '../../components/UserAvatar'
import { useDeletePost, useLikeToggle, useSaveToggle } from './api'
import { MentionText } from './Caption'
import { ImageCarousel } from './ImageCarousel'
import { ImageOptions } from './ImageOptions'
import { postPath } from '../social'

const CommentsSheet = lazy(() => import('./CommentsSheet').then((m) => ({ default: m.CommentsSheet })))

/** 'Liked by you and 2 others' when the viewer likes it, else a named liker, else the count. */
function likedByLine(post: Post) {
  if (post.likesCount === 0) return null
  if (post.isLiked) return FM.likedBy(FM.you, post.likesCount - 1)
  if (!post.likedBy) return FM.likes(post.likesCount)
  return FM.likedBy(post.likedBy, post.likesCount - 1)
}

async function share(post: Post) {
  const url = `${location.origin}${postPath(post.id)}`
  if (navigator.share) {
    await navigator.share({ title: `${post.author.name} on Drape`, text: post.caption, url }).catch(() => undefined)
    return
  }
  await navigator.clipboard?.writeText(url)
  toast.success(FM.linkCopied)
}

/**
 * One post of the feed as spec part 1 §2 lays it out. `onComments` replaces the comments sheet
 * where the comments are already on the screen (/p/:postId).
 */
export function PostCard({ post, eager, onComments, className }: { post: Post; eager?: boolean; onComments?: () => void; className?: string }) {
  const navigate = useNavigate()
  const like = useLikeToggle()
  const save = useSaveToggle()
  const remove = useDeletePost()
  const { user } = useSession()
  const [index, setIndex] = useState(0)
  const [options, setOptions] = useState(false)
  const [comments, setComments] = useState(false)
  const openComments = onComments ?? (() => setComments(true))
  const profileLink = post.author.username ? `/u/${post.author.username}` : undefined
  const liked = likedByLine(post)

  const addToCollection = () => {
    setOptions(false)
    if (post.isSaved) return toast.info(FM.alreadyInCollection)
    save.mutate({ post, on: true }, { onSuccess: () => toast.success(FM.savedToCollection) })
  }
  const tryOn = () => {
    const image = post.images[index] ?? post.images[0]
    const outfitItem: OutfitItem = {
      id: post.id,
      name: (post.caption.split('\n')[0] ?? '').slice(0, 80) || `${post.author.name}'s look`,
      image: image?.url ?? '',
      category: 'Look',
      brand: post.author.username ?? post.author.name,
      price: null,
    }
    navigate('/style-studio-generate', { state: { outfitItem } })
  }

  return (
    <article className={cn('border-b border-hairline pb-3', className)} aria-label={`Post by ${post.author.username ?? post.author.name}`}>
      <header className="flex items-center gap-3 py-2 pr-1 pl-4">
        {profileLink ? (
          <Link to={profileLink} aria-label={post.author.name} tabIndex={-1}>
            <UserAvatar user={post.author} size="sm" />
          </Link>
        ) : (
          <UserAvatar user={post.author} size="sm" />
        )}
        <div className="min-w-0 flex-1 leading-tight">
          <div className="flex items-center gap-1">
            {profileLink ? (
              <Link to={profileLink} className="truncate text-sm font-semibold">
                {post.author.username}
              </Link>
            ) : (
              <span className="truncate text-sm font-semibold">{post.author.name}</span>
            )}
            {post.author.isVerified && <BadgeCheck size={16} strokeWidth={1.75} className="shrink-0 text-rose" aria-label="Verified" />}
          </div>
          {post.location && <p className="truncate text-xs text-muted">{post.location}</p>}
        </div>
        <IconButton label="Image options" aria-haspopup="menu" aria-expanded={options} onClick={() => setOptions((o) => !o)}>
          <MoreHorizontal size={24} strokeWidth={1.75} />
        </IconButton>
      </header>

      <div className="relative">
        <ImageCarousel images={post.images} alt={post.caption || `Photo by ${post.author.name}`} eager={eager} index={index} onIndexChange={setIndex} />
        {options && (
          <ImageOptions
            onClose={() => setOptions(false)}
            onAddToCollection={addToCollection}
            onTryOn={tryOn}
            onDelete={
              user?.id === post.author.userId
                ? () => {
                    setOptions(false)
                    if (window.confirm(FM.confirmDelete)) remove.mutate(post.id)
                  }
                : undefined
            }
          />
        )}
      </div>

      <div className="flex items-center px-1 pt-1">
        <IconButton label={post.isLiked ? 'Unlike' : 'Like'} aria-pressed={post.isLiked} onClick={() => like.mutate({ post, on: !post.isLiked })}>
          <Heart size={24} strokeWidth={1.75} className={cn(post.isLiked && 'fill-rose text-rose')} />
        </IconButton>
        <IconButton label="Comment" onClick={openComments}>
          <MessageCircle size={24} strokeWidth={1.75} />
        </IconButton>
        <IconButton label="Share" onClick={() => void share(post)}>
          <Send size={24} strokeWidth={1.75} />
        </IconButton>
        <span className="flex-1" />
        <IconButton label={post.isSaved ? 'Remove from collection' : 'Save'} aria-pressed={post.isSaved} onClick={() => save.mutate({ post, on: !post.isSaved })}>
          <Bookmark size={24} strokeWidth={1.75} className={cn(post.isSaved && 'fill-ink')} />
        </IconButton>
      </div>

      <div className="flex flex-col gap-1 px-4 text-sm">
        {liked && (
          <p className="font-semibold tabular" data-testid="liked-by">
            {liked}
          </p>
        )}
        {post.caption && (
          <p className="break-words">
            <span className="mr-1.5 font-semibold">{post.author.username ?? post.author.name}</span>
            <MentionText text={post.caption} />
          </p>
        )}
        {post.commentsCount > 0 && (
          <button type="button" className="min-h-8 self-start text-muted" onClick={openComments}>
            View all {post.commentsCount} {post.commentsCount === 1 ? 'comment' : 'comments'}
          </button>
        )}
        <time dateTime={post.createdAt} className="text-xs text-muted uppercase">
          {timeAgo(post.createdAt)}
        </time>
      </div>
      {comments && (
        <Suspense fallback={null}>
          <CommentsSheet postId={post.id} open={comments} onClose={() => setComments(false)} />
        </Suspense>
      )}
    </article>
  )
}

export function PostCardSkeleton() {
  return (
    <div className="border-b border-hairline pb-3" aria-hidden>
      <div className="flex items-center gap-3 px-4 py-2">
        <div className="size-8 animate-shimmer rounded-full bg-hairline/70" />
        <div className="h-3 w-28 animate-shimmer rounded-full bg-hairline/70" />
      </div>
      <div className="aspect-[4/5] w-full animate-shimmer bg-hairline/70" />
      <div className="flex flex-col gap-2 px-4 pt-3">
        <div className="h-3 w-40 animate-shimmer rounded-full bg-hairline/70" />
        <div className="h-3 w-64 animate-shimmer rounded-full bg-hairline/70" />
      </div>
    </div>
  )
}

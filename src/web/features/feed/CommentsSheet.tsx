import { BottomSheet } from '../../components/Overlay'
import { CommentThread } from './CommentThread'

/** A post's comments in a sheet (the feed). */
export function CommentsSheet({ postId, open, onClose }: { postId: string; open: boolean; onClose: () => void }) {
  return (
    <BottomSheet open={open} onClose={onClose} title="Comments">
      <CommentThread postId={postId} enabled={open} />
    </BottomSheet>
  )
}

import { useMutation, useQueryClient } from '@tanstack/react-query'
import { ImagePlus } from 'lucide-react'
import { useRef } from 'react'
import { SM } from '~/shared/social/messages'
import { errorMessage } from '../../lib/api'
import { cn } from '../../lib/cn'
import { toast } from '../../lib/toast'
import { postStory, socialKeys } from './api'

/** Picks a photo and posts it as a 24-hour story (the server checks and re-encodes it). */
export function AddToStoryButton({ className, onAdded }: { className?: string; onAdded?: () => void }) {
  const qc = useQueryClient()
  const input = useRef<HTMLInputElement>(null)
  const add = useMutation({
    mutationFn: postStory,
    onSuccess: () => {
      toast.success(SM.storyShared)
      void qc.invalidateQueries({ queryKey: socialKeys.storyRow })
      onAdded?.()
    },
    onError: (err) => toast.error(errorMessage(err, 'Your story could not be shared. Try again.')),
  })
  return (
    <>
      <button
        type="button"
        onClick={() => input.current?.click()}
        disabled={add.isPending}
        aria-busy={add.isPending || undefined}
        className={cn('flex min-h-11 items-center justify-center gap-2 rounded-full px-5 text-sm font-semibold disabled:opacity-60', className)}
      >
        <ImagePlus size={20} strokeWidth={1.75} aria-hidden />
        {add.isPending ? 'Sharing...' : SM.addToStory}
      </button>
      <input
        ref={input}
        type="file"
        accept="image/*"
        hidden
        aria-label={SM.addToStory}
        onChange={(e) => {
          const file = e.target.files?.[0]
          e.target.value = ''
          if (file) add.mutate(file)
        }}
      />
    </>
  )
}

import { useEffect, useEffectEvent, type RefObject } from 'react'

/**
 * The hidden multi-image file picker of the camera and the photo library; hands over only images.
 *
 * It listens on the input itself, not through React's onChange, and keeps listening once removed:
 * the picker can answer after its screen was replaced (the next screen arrived while it was open),
 * React hears nothing from an input it has removed, and the chosen photos were lost without a word.
 */
export function PhotoFileInput({ ref, onFiles }: { ref: RefObject<HTMLInputElement | null>; onFiles: (files: File[]) => void }) {
  const handOver = useEffectEvent(onFiles)
  useEffect(() => {
    const input = ref.current
    if (!input) return
    input.onchange = () => {
      const files = [...(input.files ?? [])].filter((f) => f.type.startsWith('image/'))
      input.value = ''
      handOver(files)
    }
  }, [ref])
  return <input ref={ref} type="file" accept="image/*" multiple hidden aria-label="Choose photos" />
}

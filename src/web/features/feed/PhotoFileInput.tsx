import { forwardRef } from 'react'

/** The hidden multi-image file picker of the camera and the photo library; hands over only images. */
export const PhotoFileInput = forwardRef<HTMLInputElement, { onFiles: (files: File[]) => void }>(function PhotoFileInput({ onFiles }, ref) {
  return (
    <input
      ref={ref}
      type="file"
      accept="image/*"
      multiple
      hidden
      aria-label="Choose photos"
      onChange={(e) => {
        const files = [...(e.target.files ?? [])].filter((f) => f.type.startsWith('image/'))
        e.target.value = ''
        onFiles(files)
      }}
    />
  )
})

import { useRef, type ChangeEvent } from 'react'
import { Camera, Upload } from 'lucide-react'
import { Button } from '../../../components/Button'

/** 'Upload' (file picker, images only) and 'Take Photo' (camera capture) for one kind of photo. */
export function FilePickButtons({ label, onFile, capture, disabled }: { label: string; onFile: (file: File) => void; capture: 'user' | 'environment'; disabled?: boolean }) {
  const upload = useRef<HTMLInputElement>(null)
  const camera = useRef<HTMLInputElement>(null)
  const take = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0]
    e.target.value = ''
    if (file) onFile(file)
  }
  return (
    <div className="flex gap-2">
      <Button variant="secondary" size="sm" className="min-h-11" icon={<Upload size={18} strokeWidth={1.75} aria-hidden />} onClick={() => upload.current?.click()} disabled={disabled}>
        Upload
      </Button>
      <Button variant="secondary" size="sm" className="min-h-11" icon={<Camera size={18} strokeWidth={1.75} aria-hidden />} onClick={() => camera.current?.click()} disabled={disabled}>
        Take Photo
      </Button>
      <input ref={upload} type="file" accept="image/*" className="hidden" aria-label={`Upload ${label}`} onChange={take} />
      <input ref={camera} type="file" accept="image/*" capture={capture} className="hidden" aria-label={`Take ${label}`} onChange={take} />
    </div>
  )
}

import { useEffect, useRef, useState } from 'react'
import { Images, RefreshCcw, Settings, X, Zap, ZapOff } from 'lucide-react'
import { useNavigate } from '../../lib/router'
import { FM } from '~/shared/posts/messages'
import { IconButton } from '../../components/Button'
import { cn } from '../../lib/cn'
import { AddToStoryButton } from '../social'
import { draftStore } from './drafts'
import { PhotoFileInput } from './PhotoFileInput'

type Mode = (typeof FM.cameraModes)[number]
/** Spec part 1 §9: the shutter flash lasts 300 ms before /photo-library opens. */
const FLASH_MS = 300

/** Starts the device camera when the browser allows it; null while unavailable or refused. */
function useCamera() {
  const videoRef = useRef<HTMLVideoElement>(null)
  const [stream, setStream] = useState<MediaStream | null>(null)
  const [state, setState] = useState<'starting' | 'on' | 'off'>(() => (typeof navigator.mediaDevices?.getUserMedia === 'function' ? 'starting' : 'off'))
  useEffect(() => {
    let live: MediaStream | null = null
    let cancelled = false
    if (typeof navigator.mediaDevices?.getUserMedia !== 'function') return
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'user', width: { ideal: 1080 }, height: { ideal: 1350 } }, audio: false })
      .then((s) => {
        if (cancelled) return s.getTracks().forEach((t) => t.stop())
        live = s
        setStream(s)
        setState('on')
      })
      .catch(() => !cancelled && setState('off'))
    return () => {
      cancelled = true
      live?.getTracks().forEach((t) => t.stop())
    }
  }, [])
  useEffect(() => {
    if (videoRef.current && stream) videoRef.current.srcObject = stream
  }, [stream])
  return { videoRef, state }
}

/** Resolves once the video has a frame to draw (the stream may still be starting), false after 1.5 s. */
function frameReady(video: HTMLVideoElement) {
  if (video.videoWidth) return Promise.resolve(true)
  return new Promise<boolean>((resolve) => {
    const done = () => resolve(video.videoWidth > 0)
    video.addEventListener('loadeddata', done, { once: true })
    window.setTimeout(done, 1500)
  })
}

/** Draws the current video frame into a JPEG. */
function captureFrame(video: HTMLVideoElement) {
  const canvas = document.createElement('canvas')
  canvas.width = video.videoWidth
  canvas.height = video.videoHeight
  canvas.getContext('2d')?.drawImage(video, 0, 0)
  return new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.92))
}

export default function CameraPage() {
  const navigate = useNavigate()
  const { videoRef, state } = useCamera()
  const fileRef = useRef<HTMLInputElement>(null)
  const [mode, setMode] = useState<Mode>('NORMAL')
  const [flashOn, setFlashOn] = useState(false)
  const [flashing, setFlashing] = useState(false)

  const afterFlash = () => {
    setFlashing(true)
    window.setTimeout(() => navigate('/photo-library'), FLASH_MS)
  }
  const shutter = async () => {
    if (mode === 'LIVE') return navigate('/live')
    const video = videoRef.current
    if (state !== 'on' || !video || !(await frameReady(video))) return fileRef.current?.click()
    const blob = await captureFrame(video)
    if (!blob) return fileRef.current?.click()
    draftStore.add([blob])
    afterFlash()
  }

  return (
    <main className="relative mx-auto flex min-h-dvh w-full max-w-[480px] flex-col bg-black text-white">
      <header className="absolute inset-x-0 top-0 z-10 flex items-center justify-between p-2">
        <IconButton label="Close" className="text-white hover:bg-white/10" onClick={() => navigate('/feed')}>
          <X size={24} strokeWidth={1.75} />
        </IconButton>
        <AddToStoryButton className="bg-white/15 text-white hover:bg-white/25" onAdded={() => navigate('/feed')} />
        <IconButton label={flashOn ? 'Flash on' : 'Flash off'} aria-pressed={flashOn} className="text-white hover:bg-white/10" onClick={() => setFlashOn((f) => !f)}>
          {flashOn ? <Zap size={24} strokeWidth={1.75} /> : <ZapOff size={24} strokeWidth={1.75} />}
        </IconButton>
        <IconButton label="Camera settings" className="text-white hover:bg-white/10" onClick={() => console.info('camera settings')}>
          <Settings size={24} strokeWidth={1.75} />
        </IconButton>
      </header>

      <div className="relative flex flex-1 items-center justify-center overflow-hidden">
        {state === 'on' ? (
          <video ref={videoRef} autoPlay playsInline muted aria-label="Camera preview" className="size-full -scale-x-100 object-cover" />
        ) : (
          <p className="max-w-64 text-center text-sm text-white/80">{state === 'starting' ? 'Starting camera…' : FM.cameraUnavailable}</p>
        )}
        {flashing && <div data-testid="shutter-flash" className={cn('absolute inset-0 animate-flash', flashOn ? 'bg-white' : 'bg-white/80')} />}
      </div>

      <div className="flex flex-col gap-4 pt-3 pb-[calc(16px+env(safe-area-inset-bottom))]">
        <div role="radiogroup" aria-label="Camera mode" className="mx-auto flex w-max max-w-full gap-0.5 overflow-x-auto px-2">
          {FM.cameraModes.map((m) => (
            <button
              key={m}
              type="button"
              role="radio"
              aria-checked={m === mode}
              onClick={() => setMode(m)}
              className={cn('min-h-11 shrink-0 rounded-full px-2 text-xs font-semibold tracking-wide', m === mode ? 'text-white' : 'text-white/50')}
            >
              {m}
            </button>
          ))}
        </div>
        <div className="flex items-center justify-around">
          <IconButton label="Photo library" className="text-white hover:bg-white/10" onClick={() => navigate('/photo-library')}>
            <Images size={24} strokeWidth={1.75} />
          </IconButton>
          <button type="button" aria-label="Shutter" onClick={() => void shutter()} className="flex size-20 items-center justify-center rounded-full border-4 border-white active:scale-95">
            <span className={cn('size-16 rounded-full', mode === 'LIVE' ? 'bg-rose' : 'bg-white')} />
          </button>
          <IconButton label="Switch camera" className="text-white hover:bg-white/10" onClick={() => console.info('switch camera')}>
            <RefreshCcw size={24} strokeWidth={1.75} />
          </IconButton>
        </div>
      </div>
      <PhotoFileInput
        ref={fileRef}
        onFiles={(files) => {
          if (!files.length) return
          draftStore.add(files)
          // (the picker can answer after this screen was left, its input gone: the photos are kept, the screen moves no further)
          if (fileRef.current) afterFlash()
        }}
      />
    </main>
  )
}

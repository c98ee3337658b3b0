import { useEffect, useEffectEvent, useState } from 'react'
import { STORY_DURATION_MS, STORY_TICK_MS } from '~/shared/social/schemas'

/**
 * The story timer of the spec: each story lasts 15 s and the progress advances every 100 ms
 * unless paused; `onEnd` fires when the current story has run its time.
 */
export function useStoryClock(key: string, paused: boolean, onEnd: () => void) {
  const [elapsed, setElapsed] = useState(0)
  const [clockKey, setClockKey] = useState(key)
  const end = useEffectEvent(onEnd)
  // A new story starts from zero.
  if (clockKey !== key) {
    setClockKey(key)
    setElapsed(0)
  }
  useEffect(() => {
    if (paused) return
    const timer = setInterval(() => setElapsed((ms) => Math.min(ms + STORY_TICK_MS, STORY_DURATION_MS)), STORY_TICK_MS)
    return () => clearInterval(timer)
  }, [paused, key])
  useEffect(() => {
    if (elapsed >= STORY_DURATION_MS) end()
  }, [elapsed])
  return elapsed / STORY_DURATION_MS
}

import { expect, it } from 'vitest'
import { type GenerationReport, createLocalEngine } from './index'
import { isSet } from './raster'
import { memoryStorage } from './test-fixtures'

it('check() ends with a whole try-on of a drawn figure: it passes its self-check, dresses the torso and stores nothing', async () => {
  const storage = memoryStorage()
  const reports: GenerationReport[] = []
  const engine = createLocalEngine({ storage, observe: (r) => reports.push(r) })
  await engine.check()
  expect(reports).toHaveLength(1)
  const [{ coverage, defects, timings }] = reports as [GenerationReport]
  expect(defects).toEqual([])
  expect(coverage).toHaveLength(1)
  // (the drawn figure's chest, between its shoulders and hips)
  const covered = coverage[0]!
  expect(isSet(covered, 400 * covered.width + 384)).toBe(true)
  // (its analyses were made before the try-on, and kept in memory only)
  expect(timings.cached).toBe(true)
  expect(storage.keys()).toEqual([])
}, 120_000)

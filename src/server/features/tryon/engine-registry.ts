import type { Platform } from '../../platform'
import { logger } from '../../platform/logger'
import { createEngine, type TryOnEngine } from '../../tryon'

const engines = new WeakMap<Platform, Promise<TryOnEngine>>()

/** The platform's try-on engine, created once on first use (a failed creation is retried next time). */
export function engineOf(p: Platform): Promise<TryOnEngine> {
  let engine = engines.get(p)
  if (!engine) {
    engine = createEngine(p.config, p.storage)
    engines.set(p, engine)
    engine.catch(() => engines.delete(p))
  }
  return engine
}

/** Puts a given engine behind the platform (tests and benchmarks). */
export function setEngine(p: Platform, engine: TryOnEngine) {
  engines.set(p, Promise.resolve(engine))
}

/**
 * Creates the platform's engine and runs its check, for a process that runs try-ons: then the first
 * shopper's try-on does not wait for the models to load (the on-device engine's check also runs a
 * try-on of a drawing, so that its code is compiled). A failed check is logged, never thrown: the
 * try-ons themselves then say what is wrong.
 */
export async function warmEngine(p: Platform) {
  const started = performance.now()
  try {
    const engine = await engineOf(p)
    await engine.check()
    logger.info('try-on engine ready', { engine: engine.name, ms: Math.round(performance.now() - started) })
  } catch (err) {
    logger.warn('try-on engine check failed', { err })
  }
}

import type { Platform } from '../../platform'
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

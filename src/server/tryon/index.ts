import type { Config } from '../config'
import type { Storage } from '../platform/storage'
import type { TryOnEngine } from './engine'
import { createHttpEngine } from './engines/http'
import { createRunwareEngine } from './engines/runware'

/**
 * The try-on engine chosen by TRYON_ENGINE. The on-device engine is loaded only when chosen (its
 * models are large); it caches photo analyses in `storage`.
 */
export async function createEngine(config: Config, storage: Storage): Promise<TryOnEngine> {
  switch (config.TRYON_ENGINE) {
    case 'runware':
      return createRunwareEngine({ apiKey: config.RUNWARE_API_KEY ?? '', url: config.RUNWARE_URL })
    case 'http':
      // loadConfig refuses TRYON_ENGINE=http without a URL.
      if (!config.TRYON_HTTP_URL) throw new Error('TRYON_HTTP_URL is required when TRYON_ENGINE=http')
      return createHttpEngine({ url: config.TRYON_HTTP_URL })
    case 'local': {
      const { createLocalEngine } = await import('./engines/local')
      return createLocalEngine({ storage })
    }
  }
}

export type { TryOnEngine } from './engine'
export { TryOnError } from './engine'
export { forgetAnalysis, forgetAnalysisOfDeleted } from './analysis-store'

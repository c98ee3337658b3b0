import fs from 'node:fs'
import { fileURLToPath, pathToFileURL } from 'node:url'
import type { Config } from '../config'
import { type TryOnEngine, TryOnError } from './engine'
import { createHttpEngine } from './engines/http'
import { createRunwareEngine } from './engines/runware'

// Resolved at run time so that the app builds before the on-device engine lands.
const LOCAL_ENGINE_MODULE = fileURLToPath(new URL('./engines/local/index.ts', import.meta.url))

/** The try-on engine chosen by TRYON_ENGINE. */
export async function createEngine(config: Config): Promise<TryOnEngine> {
  switch (config.TRYON_ENGINE) {
    case 'runware':
      return createRunwareEngine({ apiKey: config.RUNWARE_API_KEY ?? '', url: config.RUNWARE_URL })
    case 'http':
      return createHttpEngine({ url: config.TRYON_HTTP_URL! })
    case 'local': {
      if (!fs.existsSync(LOCAL_ENGINE_MODULE)) throw new TryOnError('The on-device try-on engine is not installed yet. Set TRYON_ENGINE=runware or http.')
      const mod = (await import(/* @vite-ignore */ pathToFileURL(LOCAL_ENGINE_MODULE).href)) as { createLocalEngine: () => TryOnEngine | Promise<TryOnEngine> }
      return mod.createLocalEngine()
    }
  }
}

export type { TryOnEngine } from './engine'
export { TryOnError } from './engine'

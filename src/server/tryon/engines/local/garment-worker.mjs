// The garment analysis thread's entry: a worker thread starts without the TypeScript loader that
// the server (and the tests) run under, so it registers it before loading the worker's code.
import { register } from 'tsx/esm/api'

register()
await import('./garment-worker.ts')

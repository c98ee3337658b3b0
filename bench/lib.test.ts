import fs from 'node:fs'
import { describe, expect, it } from 'vitest'
import { SERVER_ALLOCATOR } from './lib'

describe('bench servers', () => {
  it('run under the allocator setting npm start and npm run worker give the app', () => {
    const { scripts } = JSON.parse(fs.readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }
    const setting = Object.entries(SERVER_ALLOCATOR).map(([name, value]) => `${name}=${value}`)
    for (const script of ['start', 'worker']) for (const assignment of setting) expect(scripts[script]?.split(/\s+/)).toContain(assignment)
  })
})

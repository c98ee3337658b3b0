// Issue #16: non-null assertions (`x!`) in production code, counted on the TypeScript syntax tree
// (test files and test helpers excluded), in total and by area. `--files` lists them per file.
import { execSync } from 'node:child_process'
import fs from 'node:fs'
import ts from 'typescript'

const files = execSync('git ls-files src', { encoding: 'utf8' })
  .split('\n')
  .filter((f) => /\.tsx?$/.test(f) && !/\.test\.|\/test\//.test(f))

const perFile = new Map<string, number>()
for (const file of files) {
  let n = 0
  const walk = (node: ts.Node) => {
    if (ts.isNonNullExpression(node)) n++
    ts.forEachChild(node, walk)
  }
  walk(ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true))
  if (n) perFile.set(file, n)
}
const total = [...perFile.values()].reduce((s, n) => s + n, 0)
console.log(`non-null assertions in production code: ${total}`)
const area = (f: string) => f.split('/').slice(0, 3).join('/')
const perArea = new Map<string, number>()
for (const [f, n] of perFile) perArea.set(area(f), (perArea.get(area(f)) ?? 0) + n)
for (const [a, n] of [...perArea].sort((x, y) => y[1] - x[1])) console.log(`  ${a}: ${n}`)
if (process.argv.includes('--files')) for (const [f, n] of [...perFile].sort((x, y) => y[1] - x[1])) console.log(`    ${f}: ${n}`)

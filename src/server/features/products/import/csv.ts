/** One CSV record and the (1-based) line of the file it starts on. */
export type CsvRecord = { line: number; fields: string[] }

export class CsvError extends Error {
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(message)
  }
}

/**
 * Reads CSV text as RFC 4180 describes it: comma-separated fields, a field in double quotes may
 * hold commas, line breaks and doubled quotes (`""`); records end with CRLF or LF. A leading
 * byte-order mark is dropped and blank lines are skipped. An unterminated quote is a CsvError.
 */
export function* parseCsv(text: string): Generator<CsvRecord> {
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0
  let line = 1
  const n = text.length
  while (i < n) {
    const start = line
    const fields: string[] = []
    let field = ''
    let endOfRecord = false
    while (!endOfRecord) {
      if (text[i] === '"') {
        i++
        for (;;) {
          if (i >= n) throw new CsvError('A quoted field is never closed.', start)
          const q = text.indexOf('"', i)
          if (q === -1) throw new CsvError('A quoted field is never closed.', start)
          const chunk = text.slice(i, q)
          line += countNewlines(chunk)
          field += chunk
          if (text[q + 1] === '"') {
            field += '"'
            i = q + 2
          } else {
            i = q + 1
            break
          }
        }
      }
      // Unquoted text (or stray text after a closing quote, kept as it is).
      let j = i
      while (j < n && text[j] !== ',' && text[j] !== '\n' && text[j] !== '\r') j++
      field += text.slice(i, j)
      i = j
      fields.push(field)
      field = ''
      if (i >= n) endOfRecord = true
      else if (text[i] === ',') i++
      else {
        i += text[i] === '\r' && text[i + 1] === '\n' ? 2 : 1
        line++
        endOfRecord = true
      }
    }
    if (fields.length === 1 && fields[0] === '') continue
    yield { line: start, fields }
  }
}

function countNewlines(s: string) {
  let count = 0
  for (let k = 0; k < s.length; k++) {
    if (s[k] === '\n' || (s[k] === '\r' && s[k + 1] !== '\n')) count++
  }
  return count
}

/** Records as objects keyed by the header row (trimmed names); missing trailing fields are ''. */
export function* csvObjects(text: string): Generator<{ line: number; row: Record<string, string> }> {
  const records = parseCsv(text)
  const first = records.next()
  if (first.done) return
  const header = first.value.fields.map((h) => h.trim())
  for (const { line, fields } of records) {
    const row: Record<string, string> = {}
    header.forEach((name, k) => {
      row[name] = fields[k] ?? ''
    })
    yield { line, row }
  }
}

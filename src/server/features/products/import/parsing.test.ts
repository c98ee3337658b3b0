import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { csvObjects, CsvError, parseCsv } from './csv'
import { categoryFor, sizeFor, sizesFrom, textFromHtml } from './mapping'
import { parseShopifyCsv } from './shopify'

const records = (text: string) => [...parseCsv(text)]

describe('RFC 4180 CSV', () => {
  it('reads quoted fields with commas, doubled quotes and line breaks, CRLF or LF, and numbers lines', () => {
    const text = '\uFEFFa,b,c\r\n1,"two, ""2""",3\r\n"multi\nline\r\nfield",,x\nlast,"",end'
    expect(records(text)).toEqual([
      { line: 1, fields: ['a', 'b', 'c'] },
      { line: 2, fields: ['1', 'two, "2"', '3'] },
      { line: 3, fields: ['multi\nline\r\nfield', '', 'x'] },
      { line: 6, fields: ['last', '', 'end'] },
    ])
  })

  it('skips blank lines and keeps a trailing empty field', () => {
    expect(records('a,b\n\n1,\n')).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 3, fields: ['1', ''] },
    ])
  })

  it('says on which line an unterminated quote starts', () => {
    expect(() => records('a\n"open,\nmore')).toThrow(CsvError)
    try {
      records('a\nb\n"open,\nmore')
    } catch (err) {
      expect((err as CsvError).line).toBe(3)
    }
  })

  it('reads back whatever a writer that quotes every field wrote', () => {
    const field = fc.string({ unit: fc.constantFrom('a', 'b', ',', '"', '\n', '\r\n', ' ', 'é') })
    fc.assert(
      fc.property(fc.array(fc.array(field, { minLength: 2, maxLength: 4 }), { minLength: 1, maxLength: 5 }), (rows) => {
        const text = rows.map((r) => r.map((f) => `"${f.replaceAll('"', '""')}"`).join(',')).join('\r\n')
        expect(records(text).map((r) => r.fields)).toEqual(rows)
      }),
    )
  })

  it('keys records by the header, missing trailing fields empty', () => {
    expect([...csvObjects(' Handle ,Title\nx\n')]).toEqual([{ line: 2, row: { Handle: 'x', Title: '' } }])
  })
})

describe('mapping a shop to Drape', () => {
  it('maps product types and tags to categories; a plain dress is casual, boots are nothing', () => {
    expect(categoryFor('Maxi Dress', [])).toEqual({ category: 'maxi', generic: false })
    expect(categoryFor('T-Shirt Dress', [])).toEqual({ category: 'jersey', generic: false })
    expect(categoryFor('Shirt Dress', [])).toEqual({ category: 'shirt', generic: false })
    expect(categoryFor('Dresses', ['party'])).toEqual({ category: 'cocktail', generic: false })
    expect(categoryFor('Dresses', [])).toEqual({ category: 'casual', generic: true })
    expect(categoryFor('Boots', ['shoes'])).toBeNull()
  })

  it('maps size names and sums stock per size over colours', () => {
    expect(['xs', 'Small', 'X-Large', '2XL', '38'].map(sizeFor)).toEqual(['XS', 'S', 'XL', 'XXL', null])
    expect(
      sizesFrom([
        { size: 'M', stock: 0 },
        { size: 'S', stock: 2 },
        { size: 'M', stock: 0 },
        { size: 'L', stock: null },
      ]),
    ).toEqual([
      { name: 'S', available: true, stock: 2 },
      { name: 'M', available: false, stock: 0 },
      { name: 'L', available: true },
    ])
  })

  it('turns a description in HTML into plain text', () => {
    expect(textFromHtml('<p>A relaxed\n  "wrap" midi.</p><ul><li>Linen &amp; cotton</li><li>Pockets&#33;</li></ul>')).toBe('A relaxed "wrap" midi.\nLinen & cotton\nPockets!')
  })
})

describe('a file that is not a Shopify product CSV', () => {
  it('is refused as a whole, naming the missing columns', () => {
    const parsed = parseShopifyCsv('name,price\nDress,10\n')
    expect(parsed.drafts).toEqual([])
    expect(parsed.skipped).toEqual([{ line: 1, field: 'header', reason: 'Not a Shopify product CSV: no column "Handle", "Title", "Vendor", "Type", "Option1 Name", "Option1 Value", "Variant Price", "Image Src"' }])
  })
})

/**
 * ISNet ships exported for 1024x1024 inputs only, but it is fully convolutional: its Resize nodes
 * take their target sizes from a Concat of the input's batch and channel dims with a constant
 * height and width. Rewriting those constants (scaled to the new size), the graph's input and
 * output dims, and dropping the stored intermediate shapes (`value_info`, ONNX infers them again)
 * gives the same network at another square size: at 640 it runs 2.5 times faster in 40% less memory.
 *
 * Just enough of the protobuf wire format for that: fields are walked, never fully decoded.
 */

type Field = { no: number; start: number; end: number; body: [number, number] | null; value: number }

const FIELD = {
  model: { graph: 7 },
  graph: { node: 1, input: 11, output: 12, valueInfo: 13 },
  node: { input: 1, output: 2, opType: 4, attribute: 5 },
  attribute: { tensor: 5 },
  tensor: { dataType: 2, rawData: 9 },
} as const
const INT64 = 7

function readVarint(buf: Uint8Array, pos: number): [number, number] {
  let value = 0
  let scale = 1
  for (;;) {
    const byte = buf[pos++]!
    value += (byte & 0x7f) * scale
    scale *= 128
    if (!(byte & 0x80)) return [value, pos]
  }
}

function writeVarint(value: number): number[] {
  const out: number[] = []
  while (value >= 128) {
    out.push((value % 128) | 0x80)
    value = Math.floor(value / 128)
  }
  out.push(value)
  return out
}

function fields(buf: Uint8Array, [start, end]: [number, number]): Field[] {
  const out: Field[] = []
  let pos = start
  while (pos < end) {
    const at = pos
    let tag: number
    ;[tag, pos] = readVarint(buf, pos)
    const wireType = tag & 7
    let body: [number, number] | null = null
    let value = 0
    if (wireType === 0) [value, pos] = readVarint(buf, pos)
    else if (wireType === 1) pos += 8
    else if (wireType === 5) pos += 4
    else if (wireType === 2) {
      let length: number
      ;[length, pos] = readVarint(buf, pos)
      body = [pos, pos + length]
      pos += length
    } else throw new Error(`Unsupported protobuf wire type ${wireType}`)
    out.push({ no: Math.floor(tag / 8), start: at, end: pos, body, value })
  }
  return out
}

const text = (buf: Uint8Array, f: Field) => Buffer.from(buf.buffer, buf.byteOffset + f.body![0], f.body![1] - f.body![0]).toString('utf8')
const child = (buf: Uint8Array, f: Field, no: number) => fields(buf, f.body!).find((c) => c.no === no)

/** The model rewritten for `size` x `size` inputs (the original must be a square `from` x `from` model). */
export function withInputSize(original: Uint8Array, from: number, size: number): Uint8Array {
  if (size === from) return original
  const model = original.slice()
  const top = fields(model, [0, model.length])
  const graphField = top.find((f) => f.no === FIELD.model.graph)
  if (!graphField) throw new Error('ONNX model without a graph')
  const graph = fields(model, graphField.body!)
  const nodes = graph
    .filter((f) => f.no === FIELD.graph.node)
    .map((f) => {
      const parts = fields(model, f.body!)
      return {
        field: f,
        op: text(model, parts.find((p) => p.no === FIELD.node.opType)!),
        inputs: parts.filter((p) => p.no === FIELD.node.input).map((p) => text(model, p)),
        outputs: parts.filter((p) => p.no === FIELD.node.output).map((p) => text(model, p)),
      }
    })
  const producer = new Map(nodes.flatMap((n) => n.outputs.map((o) => [o, n] as const)))

  // Resize(x, roi, scales, sizes = Concat(Slice(Shape(x)), Constant[h, w])): scale h and w in place.
  for (const resize of nodes.filter((n) => n.op === 'Resize')) {
    const concat = producer.get(resize.inputs[3] ?? '')
    const constant = concat?.op === 'Concat' ? producer.get(concat.inputs[1] ?? '') : undefined
    if (constant?.op !== 'Constant') throw new Error('Unexpected Resize target in the ONNX model')
    const attribute = fields(model, constant.field.body!).find((p) => p.no === FIELD.node.attribute)!
    const tensor = child(model, attribute, FIELD.attribute.tensor)!
    const parts = fields(model, tensor.body!)
    const raw = parts.find((p) => p.no === FIELD.tensor.rawData)
    if (!raw || parts.find((p) => p.no === FIELD.tensor.dataType)?.value !== INT64) throw new Error('Unexpected Resize target in the ONNX model')
    const view = new DataView(model.buffer, model.byteOffset + raw.body![0], raw.body![1] - raw.body![0])
    for (let k = 0; k < view.byteLength / 8; k++) view.setBigInt64(k * 8, BigInt(Math.round((Number(view.getBigInt64(k * 8, true)) * size) / from)), true)
  }

  // The graph's inputs and outputs: dim_value `from` becomes `size` (same varint length).
  const fromBytes = writeVarint(from)
  const sizeBytes = writeVarint(size)
  if (fromBytes.length !== sizeBytes.length) throw new Error('Input sizes must encode to the same length')
  const kept: Uint8Array[] = []
  for (const f of graph) {
    if (f.no === FIELD.graph.valueInfo) continue
    const bytes = model.slice(f.start, f.end)
    if (f.no === FIELD.graph.input || f.no === FIELD.graph.output)
      for (let i = 0; i + fromBytes.length < bytes.length; i++)
        if (bytes[i] === 0x08 && fromBytes.every((b, k) => bytes[i + 1 + k] === b)) bytes.set(sizeBytes, i + 1)
    kept.push(bytes)
  }
  const graphLength = kept.reduce((s, b) => s + b.length, 0)
  const chunks = top.flatMap((f) => (f.no === FIELD.model.graph ? [Uint8Array.from([(FIELD.model.graph << 3) | 2, ...writeVarint(graphLength)]), ...kept] : [model.subarray(f.start, f.end)]))
  const out = new Uint8Array(chunks.reduce((s, c) => s + c.length, 0))
  let offset = 0
  for (const c of chunks) {
    out.set(c, offset)
    offset += c.length
  }
  return out
}

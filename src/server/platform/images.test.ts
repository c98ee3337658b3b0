import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { AppError } from '../http/errors'
import { processUpload } from './images'

const jpegWithGps = () =>
  sharp({ create: { width: 1200, height: 800, channels: 3, background: '#c33' } })
    .jpeg()
    .withExif({ IFD0: { Make: 'Phone', Model: 'X' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 0/1' } })
    .toBuffer()

describe('processUpload', () => {
  it('re-encodes, strips metadata and makes width variants without upscaling', async () => {
    const out = await processUpload(await jpegWithGps(), { widths: [320, 800, 2000] })
    expect(out.variants.map((v) => v.width)).toEqual([320, 800, 1200])
    for (const v of out.variants) {
      const meta = await sharp(v.data).metadata()
      expect(meta.format).toBe('webp')
      expect(meta.exif).toBeUndefined()
    }
  })

  it('refuses a file that is not an image, whatever its name', async () => {
    await expect(processUpload(Buffer.from('<?php echo 1; ?>'), { widths: [100] })).rejects.toMatchObject({ status: 415 })
  })

  it('refuses files over the byte limit', async () => {
    const err = await processUpload(Buffer.alloc(2048, 1), { widths: [100], maxBytes: 1024 }).catch((e: AppError) => e)
    expect(err).toBeInstanceOf(AppError)
    expect((err as AppError).status).toBe(413)
  })
})

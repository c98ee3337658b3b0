import * as tf from '@tensorflow/tfjs-core'
import { PLAIN_SPREAD, backdropOf } from './backdrop'
import { type Plane, type Rgb, bounds, grownBox, mapPlane, morph, opened, resizePlane, threshold, withoutSpecks } from './raster'
import { humanGraphModel, letterbox } from './tfjs-models'

const INPUT = 256

/** MediaPipe selfie segmentation (Apache-2.0): the person as 0..1 at the image's size, soft-edged (256 px input). */
async function selfieSegmentation(img: Rgb): Promise<Plane> {
  const { data, box } = await letterbox(img, INPUT)
  const net = await humanGraphModel('selfie')
  const input = tf.tidy(() => tf.div(tf.tensor4d(Float32Array.from(data), [1, INPUT, INPUT, 3]), 255))
  const output = net.execute(input) as tf.Tensor
  const values = (await output.data()) as Float32Array
  tf.dispose([input, output])
  const crop: Plane = { width: box.width, height: box.height, data: new Float32Array(box.width * box.height) }
  for (let y = 0; y < box.height; y++) for (let x = 0; x < box.width; x++) crop.data[y * box.width + x] = values[(y + box.top) * INPUT + x + box.left] ?? 0
  return resizePlane(crop, img.width, img.height)
}

/**
 * The model's mask is coarse (256 px) and unsure on thin limbs. On a plain backdrop the edge is
 * taken from the photo itself: near the model's outline, a pixel is the person when its colour
 * differs from the backdrop (or the model is sure of it). On a busy backdrop the model decides.
 * Specks of backdrop that differ (its noise, a shadow beside the outline) apart from the person are
 * not the person.
 */
function refineOnBackdrop(img: Rgb, prior: Plane): Plane {
  const backdrop = backdropOf(img)
  if (backdrop.spread > PLAIN_SPREAD) return threshold(prior, 0.5)
  const r = Math.max(3, Math.round(Math.max(img.width, img.height) * 0.025))
  // (worked out round the model's person only: beyond its reach both are nothing)
  const within = (mask: Plane, by: number) => morph(mask, by, grownBox(bounds(mask), r + 1, img))
  const sure = within(threshold(prior, 0.5), -r)
  const near = within(threshold(prior, 0.2), r)
  const apart = opened(backdrop.apart, 1)
  const person = mapPlane(prior, (p, i) => (sure.data[i] || (near.data[i] && (apart.data[i] || p > 0.85)) ? 1 : 0))
  return withoutSpecks(person, r * r)
}

/** The person in a photo (1 = person, 0 = backdrop) at the image's size. */
export async function segmentPerson(img: Rgb): Promise<Plane> {
  return refineOnBackdrop(img, await selfieSegmentation(img))
}

/** Loads the model and runs it once (its first run compiles kernels, slower than the next ones). */
export const warmPersonSegmenter = async () => void (await selfieSegmentation({ width: 64, height: 64, data: new Uint8Array(64 * 64 * 3) }))

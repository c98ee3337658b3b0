import { z } from 'zod'
import { GarmentCategorySchema } from '~/shared/tryon/schemas'

/**
 * The photo models the local engine computes and keeps in storage (`<key>.analysis.json`), as
 * schemas: what is read back is checked against them, so an analysis written by an older engine
 * or a damaged file is computed again rather than trusted. "L"/"R" are image left/right.
 */
const PointSchema = z.object({ x: z.number(), y: z.number() })
/** A colour's three channels (RGB, or Lab where so named). */
const ColourSchema = z.tuple([z.number(), z.number(), z.number()])

export const BodyFrameSchema = z.object({
  shoulderL: PointSchema,
  shoulderR: PointSchema,
  elbowL: PointSchema,
  elbowR: PointSchema,
  wristL: PointSchema,
  wristR: PointSchema,
  hipL: PointSchema,
  hipR: PointSchema,
  kneeL: PointSchema.nullable(),
  kneeR: PointSchema.nullable(),
  ankleL: PointSchema.nullable(),
  ankleR: PointSchema.nullable(),
  nose: PointSchema,
  /** Shoulder joint distance, the unit of every body proportion. */
  shoulderWidth: z.number(),
})
export type BodyFrame = z.infer<typeof BodyFrameSchema>

/** A hand the hand landmark model found: its 21 points (MediaPipe's order, wrist first) and its score. */
export const HandSchema = z.object({ score: z.number(), landmarks: z.array(PointSchema).length(21) })
export type Hand = z.infer<typeof HandSchema>

/** The face the face mesh found: its outline (36 points, forehead round to chin) and its score. */
export const FaceSchema = z.object({ score: z.number(), oval: z.array(PointSchema).length(36) })
export type Face = z.infer<typeof FaceSchema>

/** A row across a bare limb: its starting point, the unit vector across (towards the image's right), and the skin's extent either way. */
export const LimbRowSchema = z.object({ at: PointSchema, across: PointSchema, right: z.number(), left: z.number() })
export type LimbRow = z.infer<typeof LimbRowSchema>

/**
 * An upper arm where it first shows bare below the shoulder (see `seenUpperArm`): the middle of its
 * first bare row (`top`), the middle of its widest rows near there (`hem`) and their half width, the
 * arm's line from the shoulder through that middle run on by as much (an old sleeve's hem at a slant
 * across the arm reaches further down its underside), and those rows. `bareColour`: the Lab colour
 * of those rows when the arm is bare up to the shoulder (a sleeveless top's; no old sleeve crosses
 * it), null when an old sleeve covers the arm above them.
 */
export const SeenUpperArmSchema = z.object({
  top: PointSchema,
  hem: PointSchema,
  end: PointSchema,
  radius: z.number(),
  rows: z.array(LimbRowSchema),
  bareColour: ColourSchema.nullable(),
})
export type SeenUpperArm = z.infer<typeof SeenUpperArmSchema>

export const PersonModelSchema = z.object({
  body: BodyFrameSchema,
  skin: ColourSchema,
  /** Which arms MoveNet saw well enough to dress (image left, image right). */
  arms: z.object({ left: z.boolean(), right: z.boolean() }),
  /** Where trousers or a skirt begin under the top (a new top is tucked in there), null when none. */
  waistband: z.number().nullable(),
  /** Each upper arm (image left, image right) where it shows bare below the shoulder, null where it does not (a long sleeve). */
  upperArms: z.tuple([SeenUpperArmSchema.nullable(), SeenUpperArmSchema.nullable()]),
  hands: z.array(HandSchema).max(2),
  face: FaceSchema.nullable(),
})
export type PersonModel = z.infer<typeof PersonModelSchema>

export const GarmentLandmarksSchema = z.object({
  neck: PointSchema,
  shoulderL: PointSchema,
  shoulderR: PointSchema,
  armpitL: PointSchema,
  armpitR: PointSchema,
  waistL: PointSchema,
  waistR: PointSchema,
  hemL: PointSchema,
  hemR: PointSchema,
  /** The far end of each sleeve (its cuff centre), null when sleeveless. */
  sleeveEndL: PointSchema.nullable(),
  sleeveEndR: PointSchema.nullable(),
  /** Where each sleeve leaves the body, across it (its root is the middle), null when sleeveless. */
  sleeveOpeningL: z.tuple([PointSchema, PointSchema]).nullable(),
  sleeveOpeningR: z.tuple([PointSchema, PointSchema]).nullable(),
  /** Each sleeve's cuff corners (the shoulder's side first), null when sleeveless. */
  sleeveCuffL: z.tuple([PointSchema, PointSchema]).nullable(),
  sleeveCuffR: z.tuple([PointSchema, PointSchema]).nullable(),
  /** Trousers: the crotch point where the legs part. */
  crotch: PointSchema.nullable(),
})
export type GarmentLandmarks = z.infer<typeof GarmentLandmarksSchema>

export const GarmentModelSchema = z.object({
  type: GarmentCategorySchema,
  bbox: z.object({ x0: z.number(), y0: z.number(), x1: z.number(), y1: z.number() }),
  landmarks: GarmentLandmarksSchema,
  /** Mean colour (sRGB) of the garment. */
  color: ColourSchema,
})
export type GarmentModel = z.infer<typeof GarmentModelSchema>

/**
 * A stored analysis of this `version`: the model, or the user-facing reason the photo cannot be
 * used (a try-on with it then fails at once with that reason). Another version does not match.
 */
export const storedAnalysisSchema = <M extends z.ZodType>(version: number, model: M) =>
  z.union([z.object({ version: z.literal(version), source: z.string(), failure: z.string() }), z.object({ version: z.literal(version), source: z.string(), model })])

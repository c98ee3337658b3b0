/** What the user sees when the local engine cannot make a try-on from the photos given. */
export const ENGINE_ERRORS = {
  noPerson: 'We could not find a person in this photo. Try a clear photo of yourself against a plain background.',
  morePeople: 'We found more than one person in this photo. Try a photo with only you in it.',
  outOfFrame: 'We could not find a full upper body in this photo. Try a front-facing photo from the knees up.',
  noGarment: 'We could not find the garment in the product photo. Try a photo of the garment alone on a plain background.',
  garmentUnfit: 'We could not read this garment photo: use a photo of the garment alone on a plain background.',
  personUnfit: 'We could not fit the garment to this person photo: use a front-facing photo from the knees up, arms a little away from the body, on a plain background.',
  unreadable: 'We could not read one of the images. Try uploading it again as a JPEG, PNG or WebP.',
  cancelled: 'The try-on was cancelled.',
} as const

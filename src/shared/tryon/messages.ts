/** Every user-visible text of the try-on area that spec part 2 quotes, verbatim (§4, §5, §8, §9). */
export const T = {
  // Photos
  failedToLoadPhotos: 'Failed to load photos',
  failedToLoadProductPhotos: 'Failed to load product photos',
  signInToSavePhotos: 'Please sign in to save photos',
  failedToSavePhoto: 'Failed to save photo',
  signInToUploadPhotos: 'Please sign in to upload photos',
  failedToUploadPhoto: 'Failed to upload photo',
  photoUploaded: 'Photo uploaded successfully!',
  failedToUploadProductPhoto: 'Failed to upload product photo',
  productPhotoUploaded: 'Product photo uploaded successfully!',
  signInToDeletePhotos: 'Please sign in to delete photos',
  failedToDeletePhoto: 'Failed to delete photo',
  photoDeleted: 'Photo deleted!',
  failedToDeleteProductPhoto: 'Failed to delete product photo',
  productPhotoDeleted: 'Product photo deleted!',
  noPhotosYet: 'No photos yet. Upload or take a photo to get started!',

  // Liked products
  signInToUnlike: 'Please sign in to unlike products',
  failedToUnlike: 'Failed to unlike product',
  productUnliked: 'Product unliked!',

  // Saved results
  signInToDeleteResults: 'Please sign in to delete saved results',
  failedToDeleteResult: 'Failed to delete saved result',
  resultDeleted: 'Saved result deleted!',
  missingDataToSave: 'Missing data to save result',
  logInToSaveResults: 'Please log in to save results',
  resultSaved: 'Result saved successfully!',
  failedToSaveResult: 'Failed to save result',

  // Generation
  failedToFetchProductImage: 'Failed to fetch product image. Please try again.',
  failedToStart: (message: string) => `Failed to start virtual try-on: ${message}`,
  tryOnStarted: 'Virtual try-on started! This may take a few moments...',
  selectBothPhotos: 'Please select both a base photo and product photo!',
  startTryOn: 'Start Virtual Try-On',
  starting: 'AI Virtual Try-On Starting...',
  processing: 'AI Processing...',
  timedOut: 'Generation timed out. Please try again.',
  unknownError: 'Unknown error',
  tryOnReset: 'Try-on reset. You can start a new generation.',
  notAuthenticated: 'Not authenticated',
  defaultPromptExtras: 'Virtual try-on with uploaded product',

  // Post to feed
  noImageToPost: 'No generated image to post',
  logInToPost: 'Please log in to post to feed',
  posted: 'Posted to feed successfully!',
  failedToPost: 'Failed to post to feed',

  // Setup
  setupTitle: 'Style Studio Setup',
  engineHeading: 'Engine',
  engineLocal: 'Try-ons run on this server’s own engine. The Runware settings below are kept for when Runware is configured; they do not change local results.',
  engineRunware: 'Try-ons run on Runware with the settings below.',
  engineHttp: 'Try-ons run on the configured try-on service. The Runware settings below are kept for when Runware is configured.',
  runwareSettingsHeading: 'Runware settings',
  settingsSaved: 'Settings saved successfully',
  failedToSaveSettings: 'Failed to save settings',
  settingsReset: 'Settings reset to defaults',
  failedToLoadSettings: 'Failed to load settings from database',
  userNotAuthenticated: 'User not authenticated',
  jsonReset: 'JSON reset to generated values',
  invalidJson: 'Invalid JSON format',
  failedToLoadHistory: 'Failed to load generation history',
  noGenerations: 'No generations found',
  resetToGenerated: 'Reset to Generated',
  numberResultsHint: 'Generate 1-4 variations per request',
} as const

/**
 * Every user-visible text that the spec quotes, verbatim. The UI and the tests both import these.
 */
export const M = {
  // Routes and shell
  notFound: 'Oops! Page not found',
  checkingAuth: 'Checking authentication...',
  loading: 'Loading...',

  // Sign-up (part 1 §5, §8)
  enterEmailAndPassword: 'Please enter email and password.',
  passwordTooShort: 'Password must be at least 8 characters.',
  passwordsDoNotMatch: 'Passwords do not match.',
  passwordTooLong: 'Password must be at most 128 characters.',
  invalidEmail: 'Please enter a valid email address.',
  accountExists: 'An account with this email already exists.',
  signUpRateLimit: 'Too many attempts. Please try again later.',
  couldNotRegister: 'Could not register.',

  // Login
  emailNotConfirmed: 'Please check your email and verify your account before logging in.',
  invalidCredentials: 'Invalid email or password.',
  couldNotSignIn: 'Could not sign in.',

  // Resend verification
  enterYourEmail: 'Please enter your email.',
  resendRateLimit: 'Too many requests. Please wait a few minutes before trying again.',
  alreadyConfirmed: 'User already confirmed or does not exist. Try logging in instead.',
  couldNotResend: 'Could not resend email.',
  unexpectedError: 'An unexpected error occurred. Please try again.',
  verificationSent: 'Verification email sent! Check your inbox (including spam folder).',
  resendVerification: 'Resend verification email',
  continueToLogin: 'Continue to login',

  // Verification callback
  completingVerification: 'Completing verification...',
  verificationError: 'Verification error',
  couldNotCompleteVerification: 'Could not complete verification.',
  couldNotCompleteSignIn: 'Could not complete sign-in.',
  noVerificationData: 'No verification data found. Please try the verification link again.',
  goToLogin: 'Go to login',
  verificationLinkUsed: 'This verification link has already been used. Your email is verified: log in to continue.',
  verificationLinkInvalid: 'This verification link is invalid or has expired. Ask for a new one below.',
  verificationLinkExpired: 'This verification link has expired. Ask for a new one below.',
  sendNewLink: 'Send a new link',

  // Profile
  loadingProfile: 'Loading profile...',
  profileSaved: 'Profile saved successfully! Redirecting...',
  usernameTaken: 'Username is already taken.',
  couldNotSaveProfile: 'Could not save profile.',
  usernameRule: '3–20 chars: a–z, 0–9, dot, underscore',
  phoneRule: 'Use international format',
  uploading: 'Uploading...',
  noTaggedPosts: 'No tagged posts yet',
  noUser: 'No user',

  // Search
  searchPlaceholder: 'Search',
  searchResultsHint: 'Search results will appear here',
} as const

export type MessageKey = keyof typeof M

/** The social sign-in providers, in the order the login screen lists them. */
export const SOCIAL_PROVIDERS = [
  { id: 'google', label: 'Google' },
  { id: 'apple', label: 'Apple' },
  { id: 'facebook', label: 'Facebook' },
  { id: 'twitter', label: 'X' },
  { id: 'microsoft', label: 'Microsoft' },
] as const
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number]['id']

import { M } from '../messages'

/** Profile texts: the spec's quoted ones (from M) and our own for rules the spec states without a message. */
export const PM = {
  loadingProfile: M.loadingProfile,
  profileSaved: M.profileSaved,
  usernameTaken: M.usernameTaken,
  couldNotSaveProfile: M.couldNotSaveProfile,
  usernameRule: M.usernameRule,
  phoneRule: M.phoneRule,
  uploading: M.uploading,
  noTaggedPosts: M.noTaggedPosts,
  nameTooLong: 'Up to 60 characters.',
  bioTooLong: 'Up to 280 characters.',
  avatarNotUrl: 'Avatar must be a URL.',
  avatarNotYours: 'Upload your avatar here to use it.',
  notANumber: 'Enter a number.',
  /** Range message for a measurement, in the entered unit. */
  outOfRange: (label: string, min: number, max: number) => `${label} must be between ${min} and ${max}.`,
  cannotFollowSelf: 'You cannot follow yourself.',
  profileNotFound: 'This profile does not exist.',
  noPosts: 'No posts yet',
  follow: 'Follow',
  unfollow: 'Unfollow',
  editProfile: 'Edit Profile',
} as const

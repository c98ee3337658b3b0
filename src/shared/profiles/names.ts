/** Spec part 1 §3: display_name, else first_name, else username, else 'User' (blank names skipped). */
export const displayNameOf = (p: { display_name: string | null; first_name: string | null; username: string | null }) =>
  p.display_name?.trim() || p.first_name?.trim() || p.username || 'User'

/** first_name plus last_name when both exist. */
export const fullNameOf = (p: { first_name: string | null; last_name: string | null }) => (p.first_name && p.last_name ? `${p.first_name} ${p.last_name}` : null)

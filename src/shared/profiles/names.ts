/** Spec part 1 §3: display_name, else first_name, else username, else 'User' (blank names skipped). */
export const displayNameOf = (p: { display_name: string | null; first_name: string | null; username: string | null }) =>
  p.display_name?.trim() || p.first_name?.trim() || p.username || 'User'

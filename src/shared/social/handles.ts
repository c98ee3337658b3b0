/** The path segment that names a user: the username, or the id while no username is set. */
export const handleOf = (u: { id: string; username: string | null }) => u.username ?? u.id

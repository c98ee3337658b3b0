/** The id of the JSON data block in index.html that carries the GET /api/session answer. */
export const SESSION_ELEMENT_ID = 'drape-session'
/**
 * The id of the JSON data block in index.html that carries the answers of the GET requests the
 * first screen makes (an object keyed by the URL as `apiUrl` spells it).
 */
export const FIRST_SCREEN_ELEMENT_ID = 'drape-first-screen'

/** The id of the JSON data block in index.html that carries the GET /api/session answer. */
export const SESSION_ELEMENT_ID = 'drape-session'

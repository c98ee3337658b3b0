/** Posts per page of the feed and the profile grids. */
export const POST_PAGE_SIZE = 10

// The cap on the catalogue lists (courses, lessons, tutorials, blog posts); see docs/decisions/0007.
/** A list never returns more than this many rows, whatever the table holds. */
export const LIST_MAX = 200;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids are UUIDs in the database; anything else cannot name a row, so callers answer 404 without a query. */
export const isId = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);

// BugsWorld's cache keys: every list and page sits under ['bugs'], so a write invalidates them all with one call.
export const bugsKey = ['bugs'] as const;

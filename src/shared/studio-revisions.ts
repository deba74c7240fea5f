// The Studio's calls around published versions: Update and Discard of a working copy, the history of published
// versions and its restore, and preview links (docs/decisions/0051-working-copies-revisions-and-previews.md).
import { z } from 'zod';

/** The item kinds as the Studio's paths name them. */
export const REVISABLE_KINDS = ['courses', 'lessons', 'tutorials', 'blogs'] as const;
export type RevisableKind = (typeof REVISABLE_KINDS)[number];
/** Every kind with a preview and preview links: those above and practice items. */
export type PreviewKind = RevisableKind | 'exercises' | 'quizzes';

/** The live version of a published item (null while it is a draft): what readers see until 'Update'. */
const liveVersion = z.object({ title: z.string(), updatedAt: z.string() }).nullable();
/** A published item's fields in the Studio are its working copy's when it has one (`hasChanges`). Practice items
 *  are published with their lesson or tutorial. */
export const revisable = { hasChanges: z.boolean(), published: liveVersion };

/** Update, Discard and Restore may carry the version the editor saw (refused when someone saved since). */
export const revisionActionBody = z
  .object({ version: z.int('version must be an integer').min(1, 'version must be at least 1').optional() })
  .nullish();
export type RevisionActionBody = z.infer<typeof revisionActionBody>;

export const revisionEntry = z.object({
  _id: z.string(),
  title: z.string(),
  /** Who published it; `_id` is null once the account is gone. */
  by: z.object({ _id: z.string().nullable(), name: z.string() }),
  /** ISO 8601. */
  at: z.string(),
});
export type RevisionEntry = z.infer<typeof revisionEntry>;
export const revisionList = z.object({ revisions: z.array(revisionEntry) });
export type RevisionList = z.infer<typeof revisionList>;

/** A share link to a draft or working copy: anyone holding it sees the preview until `expiresAt` or a revoke. */
export const previewLink = z.object({ url: z.string(), expiresAt: z.string() });
export type PreviewLink = z.infer<typeof previewLink>;

/** The newest published versions kept per item. */
export const REVISIONS_KEPT = 50;
/** How long a shared preview link works. */
export const PREVIEW_LINK_TTL_MS = 24 * 60 * 60 * 1000;

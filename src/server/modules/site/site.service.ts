// The site's settings: one row, read as the product's defaults while there is none. A save is a content change:
// every process clears its caches (read cache, rendered pages, feeds) when it commits, as a publish does.
import { eq } from 'drizzle-orm';
import { DEFAULT_SITE, type SiteSettings } from '../../../shared/site';
import type { SiteSettingsBody } from '../../../shared/site-schema';
import { siteSettingsBody } from '../../../shared/site-schema';
import type { Db } from '../../db/client';
import { siteSettings } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import { announceContentChange } from '../../plugins/content-cache';

/** A stored value read back through the schema: a field a later version added takes its default. */
function fromStored(value: unknown): SiteSettings {
  const parsed = siteSettingsBody.safeParse(value);
  return parsed.success ? parsed.data : DEFAULT_SITE;
}

export async function readSiteSettings(db: Db): Promise<SiteSettings> {
  const [row] = await db.select({ value: siteSettings.value }).from(siteSettings).where(eq(siteSettings.id, 1));
  return row ? fromStored(row.value) : DEFAULT_SITE;
}

export async function saveSiteSettings(
  db: Db,
  actor: { id: string; name: string },
  body: SiteSettingsBody,
): Promise<SiteSettings> {
  const value = siteSettingsBody.parse(body);
  return db.transaction(async (tx) => {
    const before = await readSiteSettings(tx);
    const now = new Date();
    await tx
      .insert(siteSettings)
      .values({ id: 1, value, updatedAt: now, updatedBy: actor.id })
      .onConflictDoUpdate({ target: siteSettings.id, set: { value, updatedAt: now, updatedBy: actor.id } });
    await recordAudit(tx, {
      actor,
      action: 'update',
      entity: 'site',
      entityId: 'settings',
      beforeTitle: before.siteName,
      afterTitle: value.siteName,
    });
    await announceContentChange(tx);
    return value;
  });
}

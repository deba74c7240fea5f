// The audit trail: every Studio write and every moderation delete, written in the same transaction as
// the change it records, so the trail and the data cannot disagree.
import type { AuditAction, AuditEntity } from '../../shared/studio';
import type { Db } from '../db/client';
import { auditLog } from '../db/schema';

export interface AuditRecord {
  actor: { id: string; name: string };
  action: AuditAction;
  entity: AuditEntity;
  entityId: string;
  beforeTitle?: string | null;
  afterTitle?: string | null;
}

export async function recordAudit(tx: Db, record: AuditRecord): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: record.actor.id,
    actorName: record.actor.name,
    action: record.action,
    entity: record.entity,
    entityId: record.entityId,
    beforeTitle: record.beforeTitle ?? null,
    afterTitle: record.afterTitle ?? null,
  });
}

// Readiness: does the database answer, and has it applied every migration this build ships?
import { type Database, migrationStatus } from '../../db/client';

export function readiness(database: Database): Promise<{ applied: number; pending: number }> {
  return migrationStatus(database);
}

// The operations calls: liveness and readiness for load balancers and orchestrators.
import { z } from 'zod';

/** GET /api/health: the process is up and serving. */
export const healthAnswer = z.object({ status: z.literal('ok') });

/** GET /api/ready: 200 when the database answers and every migration is applied; 503 {error} otherwise. */
export const readyAnswer = z.object({
  status: z.literal('ready'),
  database: z.enum(['pglite', 'postgres']),
  migrations: z.number().int().describe('migrations applied'),
});
export type ReadyAnswer = z.infer<typeof readyAnswer>;

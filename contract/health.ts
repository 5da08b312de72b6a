import * as v from 'valibot'

/** GET /api/health */
export const healthResponse = v.object({
  status: v.picklist(['ok', 'degraded']),
  db: v.object({ status: v.picklist(['ok', 'down']), driver: v.picklist(['pglite', 'postgres']) }),
  version: v.string(),
  uptime_s: v.number(),
})
export type HealthResponse = v.InferOutput<typeof healthResponse>

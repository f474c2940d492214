import { describe, expect, it } from 'vitest';
import { healthResponseSchema } from './health';

describe('the health report', () => {
  const report = {
    status: 'ok',
    database: 'up',
    uptimeSeconds: 12.5,
    version: '0.1.0',
  };

  it('reports status, database, uptime and version', () => {
    expect(healthResponseSchema.parse(report)).toEqual(report);
  });

  it('knows only ok/degraded and up/down, and needs every part', () => {
    expect(healthResponseSchema.safeParse({ ...report, status: 'fine' }).success).toBe(false);
    expect(healthResponseSchema.safeParse({ ...report, database: 'slow' }).success).toBe(false);
    expect(healthResponseSchema.safeParse({ ...report, uptimeSeconds: -1 }).success).toBe(false);
    const { database: _database, ...withoutDatabase } = report;
    expect(healthResponseSchema.safeParse(withoutDatabase).success).toBe(false);
  });
});

/** Stand-in code handlers for the API pipeline tests (api.test.ts, api-sessions.test.ts). */
import { randomUUID } from 'node:crypto';
import { like } from 'drizzle-orm';
import * as v from 'valibot';
import { text } from '../../protocol/validation.ts';
import type { Database } from '../../server/db/client.ts';
import type { CodeHandler } from '../../server/http/handler.ts';
import { writeSetting } from '../../server/modules/config/config.repository.ts';
import { settings } from '../../server/modules/config/config.schema.ts';
import { codeHandlers } from '../../server/modules/index.ts';

/**
 * Stand-ins for features that arrive in later issues, so the pipeline is tested through the real
 * dispatcher: 100666 records one "hit" row per execution and answers its key; 100655 fails
 * unexpectedly.
 */
export const HIT_PREFIX = 'test-hit:';
const hitSchema = v.object({ note: text(20) });
// Stand-ins are outside the contract (their bodies are not the codes' own), so they are written
// as the dispatcher holds them.
const testHandlers: CodeHandler[] = [
  {
    code: '100666',
    schema: hitSchema,
    async handle(ctx, input) {
      const key = `${HIT_PREFIX}${randomUUID()}`;
      await writeSetting(ctx.db, key, v.parse(hitSchema, input).note);
      return { hit: key };
    },
  },
  {
    code: '100655',
    schema: v.object({}),
    async handle() {
      throw new Error('boom: 0x52908400098527886E0F7030069857D2E4169EE7 must not reach the client');
    },
  },
];

/** The stand-ins take the place of the real push handlers (tests/integration/push.test.ts). */
const standIns = new Set(testHandlers.map((h) => h.code));
export const withStandIns = [...codeHandlers.filter((h) => !standIns.has(h.code)), ...testHandlers];

export async function hits(database: Database): Promise<number> {
  const rows = await database.db
    .select({ key: settings.key })
    .from(settings)
    .where(like(settings.key, `${HIT_PREFIX}%`));
  return rows.length;
}

// Shared by the cashier-lookup suites: error assertions and a user whose group lacks the given flags.
import { expect } from 'vitest';
import { businessUserOutlets, businessUsers, userGroups } from '../../../server/db/schema';
import { hashPassword } from '../../../server/lib/passwords';
import { errorEnvelope } from '../../../src/api/contract/envelope';
import { DEMO_PASSWORD, signIn, type TestServer, type Tokens } from '../helpers';

export function expectError(
  r: { statusCode: number; json(): unknown },
  status: number,
  message: string,
  field?: string,
) {
  expect(r.statusCode).toBe(status);
  const body = errorEnvelope.parse(r.json());
  expect(body.error.message).toBe(message);
  if (field !== undefined) expect(body.error.field).toBe(field);
}

/** Signs in a new Kemang user whose group holds only the given flags (for the 403 cases). */
export async function userWithFlags(
  s: TestServer,
  id: number,
  flags: Record<string, 0 | 1>,
  options: { isSupervisor?: boolean; password?: string; outletIds?: number[] } = {},
): Promise<Tokens> {
  const now = s.clock.now();
  await s.database.db.insert(userGroups).values({
    business_user_group_id: id,
    business_id: 1,
    group_name: `Grup ${id}`,
    auth_role_accesses: flags,
    is_void_allowed: 0,
  });
  const email = `user${id}@serambi.id`;
  await s.database.db.insert(businessUsers).values({
    business_user_id: id,
    business_id: 1,
    email,
    password_hash: await hashPassword(options.password ?? DEMO_PASSWORD),
    firstname: 'Uji',
    lastname: String(id),
    business_user_group_id: id,
    is_supervisor: options.isSupervisor ?? false,
    is_active: true,
    created_at: now,
  });
  await s.database.db
    .insert(businessUserOutlets)
    .values(
      (options.outletIds ?? [1]).map((business_outlet_id) => ({ business_user_id: id, business_outlet_id })),
    );
  return signIn(s.app, email, options.password ?? DEMO_PASSWORD);
}

import type { FastifyInstance } from 'fastify';
import { customerIdentifierRequest } from '../../../src/api/contract/customer';
import {
  historyQuery,
  MEMBER_EDIT_BODY_LIMIT,
  MEMBER_INFO_PATHS,
  memberEditRequest,
  memberUserIdRequest,
  nfcCheckRequest,
  nfcRegisterRequest,
} from '../../../src/api/contract/member';
import { MEMBER_INFO_TEXTS } from '../../../src/domain/texts/member-info';
import { requireAuth } from '../../http/auth';
import { ok } from '../../http/reply';
import { parseInput } from '../../http/validate';
import {
  billHistory,
  checkNfcCard,
  editMember,
  generateReferenceCode,
  itemHistory,
  memberInfo,
  readPhoto,
  setNfcCard,
} from '../../services/member-info';

/** Member info's calls (001 §7): the screen's flag; the full edit also needs CUSTOMER_INFORMATION_EDIT (service). */
const MEMBER_ROLES = ['CUSTOMER_INFORMATION'];

export async function memberRoutes(app: FastifyInstance): Promise<void> {
  const deps = app.deps;
  const path = (p: string) => `/${p}`;

  app.post(path(MEMBER_INFO_PATHS.info), { config: { auth: true, roles: MEMBER_ROLES } }, async (req) => {
    const auth = requireAuth(req);
    return ok(await memberInfo(deps, auth.business_id, parseInput(customerIdentifierRequest, req.body)));
  });

  app.post(
    path(MEMBER_INFO_PATHS.edit),
    {
      bodyLimit: MEMBER_EDIT_BODY_LIMIT,
      config: { auth: true, roles: MEMBER_ROLES, longBodyFields: ['user_photo'] },
    },
    async (req) => {
      const r = await editMember(deps, requireAuth(req), parseInput(memberEditRequest, req.body));
      return ok(r, r.message);
    },
  );

  app.post(
    path(MEMBER_INFO_PATHS.referenceGenerate),
    { config: { auth: true, roles: MEMBER_ROLES } },
    async (req) => {
      const { user_id } = parseInput(memberUserIdRequest, req.body);
      return ok(await generateReferenceCode(deps, requireAuth(req), user_id), MEMBER_INFO_TEXTS.generated);
    },
  );

  for (const [p, mode] of [
    [MEMBER_INFO_PATHS.nfcNew, 'new'],
    [MEMBER_INFO_PATHS.nfcChange, 'change'],
  ] as const) {
    app.post(path(p), { config: { auth: true, roles: MEMBER_ROLES } }, async (req) => {
      const input = parseInput(nfcRegisterRequest, req.body);
      const r = await setNfcCard(deps, requireAuth(req), input, mode, req.ip);
      return ok(r, r.message);
    });
  }

  app.post(path(MEMBER_INFO_PATHS.nfcCheck), { config: { auth: true, roles: MEMBER_ROLES } }, async (req) => {
    const r = await checkNfcCard(deps, requireAuth(req), parseInput(nfcCheckRequest, req.body));
    return ok(r, r.message);
  });

  app.get(path(MEMBER_INFO_PATHS.billHistory), { config: { auth: true, roles: MEMBER_ROLES } }, async (req) =>
    ok(await billHistory(deps, requireAuth(req), parseInput(historyQuery, req.query))),
  );
  app.get(path(MEMBER_INFO_PATHS.itemHistory), { config: { auth: true, roles: MEMBER_ROLES } }, async (req) =>
    ok(await itemHistory(deps, requireAuth(req), parseInput(historyQuery, req.query))),
  );

  // a stored photo by its unguessable token (an <img> sends no session headers), with its detected type
  app.get(`${path(MEMBER_INFO_PATHS.photo)}/:token`, { config: { auth: false } }, async (req, reply) => {
    const { token } = req.params as { token: string };
    const photo = await readPhoto(deps, token);
    if (!photo) return reply.status(404).send();
    return reply
      .header('Content-Type', photo.content_type)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', 'private, max-age=31536000, immutable')
      .send(photo.bytes);
  });
}

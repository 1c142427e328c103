import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CONFIG_CACHE_HEADERS } from '../../src/api/contract/paths';
import { configQuery } from '../../src/api/contract/session';
import { API_MESSAGES } from '../../src/domain/texts/server';
import { requireAuth } from '../http/auth';
import { okJson } from '../http/reply';
import { parseInput } from '../http/validate';
import { invalid } from '../lib/errors';
import { gzipSplice } from '../lib/gzip-splice';
import { tailBytes } from '../services/config-cache';
import { bindSessionOutlet } from '../services/sessions';
import { configEtag, userDataCatalogue, userDataParts, userOutlets } from '../services/user-data';

/** Whether the request accepts gzip (a `gzip` or `*` coding without q=0). */
export function acceptsGzip(header: string | string[] | undefined): boolean {
  const text = Array.isArray(header) ? header.join(',') : (header ?? '');
  return text.split(',').some((part) => {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (name.trim() !== 'gzip' && name.trim() !== '*') return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

/** If-None-Match names this ETag (a list, `*`, weak or strong forms all compared weakly). */
function matches(header: string | string[] | undefined, etag: string): boolean {
  if (header === undefined) return false;
  const bare = etag.replace(/^W\//, '');
  const text = Array.isArray(header) ? header.join(',') : header;
  return text.split(',').some((t) => {
    const tag = t.trim();
    return tag === '*' || tag.replace(/^W\//, '') === bare;
  });
}

export async function configRoutes(app: FastifyInstance): Promise<void> {
  const deps = app.deps;

  // ?outlet_id=N must be one of the user's outlets; it binds the session to it (choose outlet).
  // The catalogue part comes from the database's cache (config_catalogue_cache), already compressed; the
  // answer carries an ETag and a matching If-None-Match gets 304 (docs/architecture.md).
  app.get(
    '/cashier/config',
    { config: { auth: true }, compress: false },
    async (req: FastifyRequest, reply: FastifyReply) => {
      const auth = requireAuth(req);
      const query = parseInput(configQuery, req.query);
      let outletId = auth.outlet_id;
      if (query.outlet_id !== undefined) {
        const mine = await userOutlets(deps, auth.business_user_id);
        if (!mine.some((o) => o.business_outlet_id === query.outlet_id)) {
          throw invalid(API_MESSAGES.outletNotAllowed, 'outlet_id');
        }
        outletId = query.outlet_id;
        if (outletId !== auth.outlet_id) await bindSessionOutlet(deps, auth.session_id, outletId);
      }
      const parts = await userDataParts(deps, {
        business_user_id: auth.business_user_id,
        outlet_id: outletId,
        signed_in_at: auth.created_at,
      });
      reply
        .header('Cache-Control', 'private, no-cache')
        .header('Vary', 'Accept-Encoding')
        .header(CONFIG_CACHE_HEADERS.retrieveTime, parts.retrieve_time);
      if (matches(req.headers['if-none-match'], configEtag(parts.head_hash, parts.generation))) {
        return reply
          .code(304)
          .header(CONFIG_CACHE_HEADERS.etag, configEtag(parts.head_hash, parts.generation))
          .send();
      }
      const gzip = acceptsGzip(req.headers['accept-encoding']);
      const catalogue = await userDataCatalogue(deps, parts);
      // the catalogue read may be of a newer generation than the head's check saw: the ETag names it
      reply.header(
        CONFIG_CACHE_HEADERS.etag,
        configEtag(parts.head_hash, catalogue ? catalogue.generation : parts.generation),
      );
      const open = `{"status":"success","data":${parts.head}`;
      if (!catalogue) return okJson(reply, `${parts.head}}`);
      reply.type('application/json; charset=utf-8');
      if (gzip) {
        return reply
          .header('Content-Encoding', 'gzip')
          .send(gzipSplice(`${open},`, catalogue.deflated, '}}'));
      }
      return reply.send(Buffer.concat([Buffer.from(`${open},`), tailBytes(catalogue), Buffer.from('}}')]));
    },
  );
}

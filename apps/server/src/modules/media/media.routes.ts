import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MediaIdsQuerySchema, type MediaState } from '@hanlin/shared';
import { ok } from '../../platform/http.js';
import { AppError } from '../../platform/errors.js';
import { principalOf } from '../../platform/auth/guard.js';
import type { Principal } from '../../platform/auth/principal.js';
import { contentDisposition } from '../uploads/index.js';
import type { MediaService } from './media.service.js';

const FileParams = z.object({ id: z.string().max(64) });
const PlayParams = z.object({ id: z.string().max(64), token: z.string().max(100), name: z.string().max(40) });

/** Whether the caller may read the file (the uploads read rules). */
export type MayRead = (principal: Principal, publicId: string) => Promise<boolean>;

export function registerMediaRoutes(app: FastifyInstance, media: MediaService, mayRead: MayRead) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['media'];

  // Processing is started by the modules using a file (courseware); this lets a reader ask too.
  r.post('/api/media/:id/process', { config: { permission: 'authenticated' }, schema: { tags, params: FileParams } }, async (req) => {
    if (!(await mayRead(principalOf(req), req.params.id))) throw new AppError('NOT_FOUND_ERROR');
    return ok(await media.requestMediaProcessing(req.params.id));
  });

  r.get('/api/media/state', { config: { permission: 'authenticated' }, schema: { tags, querystring: MediaIdsQuerySchema } }, async (req) => {
    const ids = req.query.ids;
    if (ids.length > 100) throw new AppError('PARAMETER_INVALID', { field: 'ids' });
    const readable: string[] = [];
    for (const id of ids) if (await mayRead(principalOf(req), id)) readable.push(id);
    const states = await media.getMediaState(readable);
    return ok(readable.map((id) => states.get(id)).filter((s): s is MediaState => !!s));
  });

  // The player fetches the playlist, its segments and documents by relative URL without our
  // headers: the signed token in the path covers the file's whole media folder.
  r.get('/api/media/play/:id/:token/:name', { config: { permission: 'public' }, schema: { tags, params: PlayParams } }, async (req, reply) => {
    const f = await media.openPlayable(req.params.id, req.params.token, req.params.name);
    reply.type(f.mime).header('cache-control', 'private, max-age=3600');
    if (f.size !== undefined) reply.header('content-length', f.size);
    if (req.params.name === 'original' || req.params.name === 'document.pdf') reply.header('content-disposition', contentDisposition(f.name, true));
    return reply.send(f.stream);
  });
}

import type { FastifyInstance } from 'fastify';
import { mediaRoutes as routes, type MediaState } from '@hanlin/shared';
import { AppError } from '../../platform/errors.js';
import { principalOf } from '../../platform/auth/guard.js';
import type { Principal } from '../../platform/auth/principal.js';
import { registerRoute } from '../../platform/route.js';
import { contentDisposition } from '../uploads/index.js';
import type { MediaService } from './media.service.js';

/** Whether the caller may read the file (the uploads read rules). */
export type MayRead = (principal: Principal, publicId: string) => Promise<boolean>;

export function registerMediaRoutes(app: FastifyInstance, media: MediaService, mayRead: MayRead) {
  registerRoute(app, routes.process, async (req) => {
    if (!(await mayRead(principalOf(req), req.params.id))) throw new AppError('NOT_FOUND_ERROR');
    return media.requestMediaProcessing(req.params.id);
  });

  registerRoute(app, routes.state, async (req) => {
    const ids = req.query.ids;
    if (ids.length > 100) throw new AppError('PARAMETER_INVALID', { field: 'ids' });
    const readable: string[] = [];
    for (const id of ids) if (await mayRead(principalOf(req), id)) readable.push(id);
    const states = await media.getMediaState(readable);
    return readable.map((id) => states.get(id)).filter((s): s is MediaState => !!s);
  });

  registerRoute(app, routes.play, async (req, reply) => {
    const f = await media.openPlayable(req.params.id, req.params.token, req.params.name, req.headers.range);
    reply.type(f.mime).header('cache-control', 'private, max-age=3600');
    // The original file (audio, video, PDF) answers byte ranges, so players can seek and resume.
    if (f.size !== undefined) reply.header('accept-ranges', 'bytes');
    if (f.range === 'unsatisfiable') return reply.code(416).header('content-range', `bytes */${f.size}`).send();
    if (f.size !== undefined) {
      if (f.range) reply.code(206).header('content-range', `bytes ${f.range.start}-${f.range.end}/${f.size}`);
      reply.header('content-length', f.range ? f.range.end - f.range.start + 1 : f.size);
    }
    if (req.params.name === 'original' || req.params.name === 'document.pdf') reply.header('content-disposition', contentDisposition(f.name, true));
    return reply.send(f.stream);
  });
}

import { z } from 'zod';
import { FileAnswerSchema, defineRoute } from './contract.js';
import { MediaIdsQuerySchema, MediaStateSchema } from './media.js';

const FileParamsSchema = z.object({ id: z.string().max(64) });
const PlayParamsSchema = z.object({ id: z.string().max(64), token: z.string().max(100), name: z.string().max(40) });

/** Playable media of stored files: processing state and the signed play path. */
export const mediaRoutes = {
  /** Processing is started by the modules using a file (courseware); this lets a reader ask too. */
  process: defineRoute({ method: 'POST', path: '/api/media/:id/process', permission: 'authenticated', params: FileParamsSchema, response: MediaStateSchema }),
  /** States of the files the caller may read (ids comma-separated, at most 100). */
  state: defineRoute({ method: 'GET', path: '/api/media/state', permission: 'authenticated', query: MediaIdsQuerySchema, response: z.array(MediaStateSchema) }),
  /**
   * The player fetches the playlist, its segments and documents by relative URL without our
   * headers: the signed token in the path covers the file's whole media folder.
   */
  play: defineRoute({ method: 'GET', path: '/api/media/play/:id/:token/:name', permission: 'public', params: PlayParamsSchema, response: FileAnswerSchema, kind: 'download' }),
};

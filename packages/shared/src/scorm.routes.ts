import { z } from 'zod';
import { IdSchema } from './api.js';
import { FileAnswerSchema, defineRoute, writeRoute } from './contract.js';
import {
  ScormCommitSchema,
  ScormLaunchResultSchema,
  ScormLaunchSchema,
  ScormPackageIdSchema,
  ScormPackageInfoSchema,
  ScormProgressQuerySchema,
  ScormProgressSchema,
  ScormScoStateSchema,
} from './scorm.js';

const ContentParamsSchema = z.object({ packageId: IdSchema, token: z.string().max(200), '*': z.string().max(2000) });

/** SCORM 1.2 packages: import, the run-time API of the player, and the package's files. */
export const scormRoutes = {
  /** Multipart `file`: the zip (up to SCORM_LIMITS.packedMaxBytes); refusals answer SCORM_PARSE_FAILED with `data.reason`. */
  import: writeRoute('/api/scorm/import', ['kjgl:add'], 'scorm.import', { response: ScormPackageInfoSchema, kind: 'upload' }),
  list: defineRoute({ method: 'POST', path: '/api/scorm/list', permission: ['kjgl'], response: z.array(ScormPackageInfoSchema) }),
  get: defineRoute({ method: 'POST', path: '/api/scorm/get', permission: 'authenticated', body: ScormPackageIdSchema, response: ScormPackageInfoSchema }),
  launch: defineRoute({ method: 'POST', path: '/api/scorm/launch', permission: 'authenticated', body: ScormLaunchSchema, response: ScormLaunchResultSchema }),
  /** LMSCommit: stores the values; the same commit twice leaves the same state. */
  commit: defineRoute({ method: 'POST', path: '/api/scorm/commit', permission: 'authenticated', body: ScormCommitSchema, response: ScormScoStateSchema }),
  /** LMSFinish: a commit that also closes the session. */
  finish: defineRoute({ method: 'POST', path: '/api/scorm/finish', permission: 'authenticated', body: ScormCommitSchema, response: ScormScoStateSchema }),
  progress: defineRoute({ method: 'POST', path: '/api/scorm/progress', permission: 'authenticated', body: ScormProgressQuerySchema, response: ScormProgressSchema }),
  /** A file of the package; the iframe's requests carry no headers of ours: the token in the path stands for the user. */
  content: defineRoute({
    method: 'GET',
    path: '/api/scorm/content/:packageId/:token/*',
    permission: 'public',
    params: ContentParamsSchema,
    response: FileAnswerSchema,
    kind: 'download',
  }),
};

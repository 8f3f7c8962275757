import { z } from 'zod';
import { defineRoute, writeRoute } from './contract.js';
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

/** SCORM 1.2 packages: import and the run-time API of the player (the package's files are on the content origin). */
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
};

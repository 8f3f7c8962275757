import { IdBodySchema, IdsSchema, pageSchema } from './api.js';
import { CountSchema, defineRoute } from './contract.js';
import {
  OutsideTrainingCreateSchema,
  OutsideTrainingDetailSchema,
  OutsideTrainingListQuerySchema,
  OutsideTrainingResultSchema,
  OutsideTrainingRowSchema,
  OutsideTrainingUpdateSchema,
} from './outside-trainings.js';

const base = '/api/outside-training';
/** A signed-in applicant's own command (the service checks the row is theirs). */
const own = <const P extends string>(path: P, operation: string) => ({ method: 'POST', path, permission: 'authenticated', operation }) as const;

/**
 * Outside training: the management list (`wxpx`, data scope by the applicant's organization) and
 * the applicant's own applications (signed in; only their own rows).
 */
export const outsideTrainingRoutes = {
  list: defineRoute({ method: 'POST', path: `${base}/list`, permission: ['wxpx'], body: OutsideTrainingListQuerySchema, response: pageSchema(OutsideTrainingRowSchema) }),
  /** The applicant's own applications. */
  mine: defineRoute({
    method: 'POST',
    path: `${base}/mine`,
    permission: 'authenticated',
    body: OutsideTrainingListQuerySchema,
    response: pageSchema(OutsideTrainingRowSchema),
  }),
  /** One application: its applicant, or a manager (`wxpx`) in whose scope it is. */
  get: defineRoute({ method: 'POST', path: `${base}/get`, permission: 'authenticated', body: IdBodySchema, response: OutsideTrainingDetailSchema }),
  insert: defineRoute({ ...own(`${base}/insert`, 'outsideTraining.insert'), body: OutsideTrainingCreateSchema, response: OutsideTrainingDetailSchema }),
  update: defineRoute({ ...own(`${base}/update`, 'outsideTraining.update'), body: OutsideTrainingUpdateSchema, response: OutsideTrainingDetailSchema }),
  delete: defineRoute({ ...own(`${base}/delete`, 'outsideTraining.delete'), body: IdsSchema, response: CountSchema }),
  /** Submits (or resubmits after a refusal or a withdrawal) to the outside-training approval flow. */
  submit: defineRoute({ ...own(`${base}/submit`, 'outsideTraining.submit'), body: IdBodySchema, response: OutsideTrainingDetailSchema }),
  /** After approval: the result, score, notes and certificate (may be corrected later). */
  result: defineRoute({ ...own(`${base}/result`, 'outsideTraining.result'), body: OutsideTrainingResultSchema, response: OutsideTrainingDetailSchema }),
};

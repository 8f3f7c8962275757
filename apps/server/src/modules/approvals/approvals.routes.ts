import type { FastifyInstance } from 'fastify';
import { approvalFlowRoutes, approvalRoutes as routes } from '@hanlin/shared';
import { registerCrudRoutes, registerRoute } from '../../platform/route.js';
import { principalOf } from '../../platform/auth/guard.js';
import type { ApprovalsService } from './approvals.service.js';

export function registerApprovalsRoutes(app: FastifyInstance, approvals: ApprovalsService) {
  registerCrudRoutes(app, approvalFlowRoutes, approvals.flows);
  registerRoute(app, approvalFlowRoutes.candidates, async (req) => approvals.flows.candidates(req.body));
  registerRoute(app, approvalFlowRoutes.types, async () => approvals.flows.types());
  registerRoute(app, routes.todo, async (req) => approvals.todo(principalOf(req), req.body));
  registerRoute(app, routes.submitted, async (req) => approvals.submitted(principalOf(req), req.body));
  registerRoute(app, routes.get, async (req) => approvals.get(principalOf(req), req.body.id));
  registerRoute(app, routes.history, async (req) => approvals.history(principalOf(req), req.body));
  registerRoute(app, routes.submit, async (req) => approvals.submit(principalOf(req), req.body));
  registerRoute(app, routes.decide, async (req) => approvals.decide(principalOf(req), req.body));
  registerRoute(app, routes.withdraw, async (req) => approvals.withdraw(principalOf(req), req.body));
  registerRoute(app, routes.reassign, async (req) => approvals.reassign(principalOf(req), req.body));
}

import { defineModule } from '../../platform/context.js';
import { registerFileReadRule } from '../uploads/index.js';
import { registerScormLaunchRule } from '../scorm/index.js';
import { createCoursewareService } from './courseware.service.js';
import { registerCoursewareRoutes } from './courseware.routes.js';
import { coursewareUses } from './courseware.usage.js';

export default defineModule({
  name: 'courseware',
  register(app, ctx) {
    const courseware = createCoursewareService({ app, db: ctx.db, storage: ctx.storage, lists: ctx.lists, uses: coursewareUses(app) });
    registerCoursewareRoutes(app, courseware);
    // A courseware file is linked (refId) to its courseware when saved.
    registerFileReadRule(app, 'courseware', (principal, file) => file.refId !== null && courseware.mayReadCourseware(principal, file.refId));
    registerScormLaunchRule(app, 'courseware', (principal, pkg, context) => courseware.mayLaunch(principal, pkg.id, context.ref));
  },
});

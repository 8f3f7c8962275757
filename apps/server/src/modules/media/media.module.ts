import { defineModule } from '../../platform/context.js';
import { createFileSigner, fileReadRules, getFileByPublicId, mayReadFile } from '../uploads/index.js';
import { FILE_PUBLIC_ID_PATTERN } from '@hanlin/shared';
import { createMediaService } from './media.service.js';
import { findLibreOffice } from './media.ffmpeg.js';
import { chooseFfmpeg, sweepWorkDirs } from './media.processes.js';
import { registerMediaRoutes } from './media.routes.js';

export default defineModule({
  name: 'media',
  register(app, ctx) {
    // What a server killed without warning left behind: its work folders and any ffmpeg still running in them.
    const swept = sweepWorkDirs();
    if (swept.folders) ctx.log.warn(`media: removed ${swept.folders} work folder(s) left by a stopped server, ended ${swept.processes} process(es) still running in them`);
    const ffmpeg = chooseFfmpeg();
    ctx.log.info(`media: videos are sliced with ${ffmpeg.version ?? 'ffmpeg'} (${ffmpeg.source === 'PATH' ? `${ffmpeg.path}, found on PATH` : 'the bundled build'})`);
    const libreOffice = findLibreOffice();
    ctx.log.info(libreOffice ? `media: Office files are converted to PDF with ${libreOffice}` : 'media: LibreOffice not found, Office files are offered as downloads');
    const media = createMediaService({
      db: ctx.db,
      storage: ctx.storage,
      jobs: ctx.jobs,
      signer: createFileSigner(ctx.db),
      log: ctx.log,
      libreOffice,
      ffmpeg: ffmpeg.path,
      transcodeTimeLimitSeconds: ctx.config.transcodeTimeLimitSeconds,
    });
    const rules = fileReadRules(app);
    registerMediaRoutes(app, media, async (principal, publicId) => {
      const file = FILE_PUBLIC_ID_PATTERN.test(publicId) ? await getFileByPublicId(ctx.db, publicId) : null;
      return !!file && (await mayReadFile(rules, principal, file));
    });
    services.set(app, media);
  },
});

const services = new WeakMap<object, ReturnType<typeof createMediaService>>();
/** The media service of an app (for other modules, through index.ts). */
export function mediaServiceOf(app: object) {
  const s = services.get(app);
  if (!s) throw new Error('media module not registered');
  return s;
}

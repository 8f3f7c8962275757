import { NOTICE_TIME_SKEW_MS, NoticeCreateSchema } from '@hanlin/shared';

/**
 * The server's create schema plus the "display time not before now" rule it checks in the
 * service, so the form refuses a past time before the round trip.
 */
export const NoticeFormSchema = NoticeCreateSchema.extend({
  displayTime: NoticeCreateSchema.shape.displayTime.refine((v) => Date.parse(v) >= Date.now() - NOTICE_TIME_SKEW_MS, {
    message: 'validation.notBeforeNow',
  }),
});

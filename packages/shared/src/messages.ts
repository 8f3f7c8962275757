import { keysOf, nonEmpty } from './typed.js';
import { z } from 'zod';
import { IdSchema, PageQuerySchema } from './api.js';

export const MESSAGE_TITLE_MAX = 200;
export const MESSAGE_CONTENT_MAX = 2000;

/**
 * What a message is about. `system` and `account` (approval of a registration, a password reset,
 * a frozen account) always arrive; a user may stop receiving the others (message config).
 */
export const MESSAGE_KINDS = ['system', 'account', 'notice', 'course', 'exam', 'training', 'approval', 'survey'] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];
export const MESSAGE_MUTABLE_KINDS = ['notice', 'course', 'exam', 'training', 'approval', 'survey'] as const satisfies readonly MessageKind[];
export type MessageMutableKind = (typeof MESSAGE_MUTABLE_KINDS)[number];

/**
 * Messages the platform writes itself: the web shows `message.tpl.<name>.title/content` in the
 * reader's language with `params`; the stored title and content (English) are the fallback.
 */
export const MESSAGE_TEMPLATES = {
  registrationApproved: { kind: 'account', title: 'Registration approved', content: 'Your registration was approved. Welcome! You can sign in now.' },
  passwordReset: { kind: 'account', title: 'Password reset', content: 'An administrator reset your password. Sign in with the initial password and choose a new one.' },
  accountFrozen: { kind: 'account', title: 'Account frozen', content: 'An administrator froze your account. Contact your administrator.' },
  noticeReleased: { kind: 'notice', title: 'New notice: {{title}}', content: 'The notice "{{title}}" was released.' },
  /** `endAt`: ISO instant (the web shows it in the reader's time). */
  surveyOpened: { kind: 'survey', title: 'Survey open: {{name}}', content: 'The survey "{{name}}" is open until {{endAt}}.' },
  surveyReminder: { kind: 'survey', title: 'Reminder: survey {{name}}', content: 'You have not answered the survey "{{name}}" yet. It closes at {{endAt}}.' },
  surveyAnswerReminder: { kind: 'notice', title: 'Reminder: survey {{name}}', content: 'You have not answered the survey "{{name}}" yet. Please answer it before it closes.' },
  approvalWaiting: { kind: 'approval', title: 'To approve: {{title}}', content: '{{applicant}} submitted "{{title}}" for approval; it waits for your decision.' },
  approvalCc: {
    kind: 'approval',
    title: 'For your information: {{title}}',
    content: 'The approval of "{{title}}" submitted by {{applicant}} reached a step you are copied on.',
  },
  approvalApproved: { kind: 'approval', title: 'Approved: {{title}}', content: 'Your approval request "{{title}}" was approved.' },
  approvalRefused: { kind: 'approval', title: 'Refused: {{title}}', content: 'Your approval request "{{title}}" was refused: {{reason}}' },
  /** A published training class changed (times, places, lecturers): sent to its admitted trainees. */
  trainClassChanged: { kind: 'training', title: 'Training changed: {{name}}', content: 'The training class "{{name}}" was changed. Please check its schedule again.' },
  trainClassCancelled: { kind: 'training', title: 'Training cancelled: {{name}}', content: 'The training class "{{name}}" was cancelled: {{reason}}' },
  /** Sign-ups to training classes (train-enrolments): `name` is the class. */
  enrolmentApproved: { kind: 'training', title: 'Sign-up approved: {{name}}', content: 'Your sign-up to the class "{{name}}" was approved.' },
  enrolmentRefused: { kind: 'training', title: 'Sign-up refused: {{name}}', content: 'Your sign-up to the class "{{name}}" was refused: {{reason}}' },
  enrolmentPromoted: { kind: 'training', title: 'You have a seat: {{name}}', content: 'A seat was freed in the class "{{name}}": you moved from the queue to the class.' },
  enrolmentCancelled: { kind: 'training', title: 'Sign-up cancelled: {{name}}', content: 'Your sign-up to the class "{{name}}" was cancelled: {{reason}}' },
  /** A certificate issued for a course, an exam or a training class (`title`); sent with the source's kind. */
  certificateIssued: {
    kind: 'course',
    title: 'Certificate earned: {{title}}',
    content: 'You earned the certificate {{number}} for "{{title}}". Find it under Certificates in your student centre.',
  },
} as const satisfies Record<string, { kind: MessageKind; title: string; content: string }>;
export type MessageTemplate = keyof typeof MESSAGE_TEMPLATES;

/**
 * Messages that also go out by mail when mail is configured (spec: each waiting approver and CC person gets a mail).
 * Their words in Chinese and Portuguese; the English ones are `MESSAGE_TEMPLATES`' (stored with the message). A mail
 * is written in the recipient's language (`users.language`: taken at login and when they switch), or in Chinese
 * above English for someone who never told one.
 */
export const MAILED_MESSAGE_TEMPLATES = {
  approvalWaiting: {
    'zh-CN': { title: '待审批：{{title}}', content: '{{applicant}} 提交的“{{title}}”正在等待您的审批。' },
    pt: { title: 'Para aprovar: {{title}}', content: '{{applicant}} enviou "{{title}}" para aprovação; aguarda a sua decisão.' },
  },
  approvalCc: {
    'zh-CN': { title: '抄送：{{title}}', content: '{{applicant}} 提交的“{{title}}”的审批已到达抄送您的环节。' },
    pt: { title: 'Para conhecimento: {{title}}', content: 'A aprovação de "{{title}}" enviada por {{applicant}} chegou a uma etapa em que você está em cópia.' },
  },
} as const satisfies Partial<Record<MessageTemplate, Record<'zh-CN' | 'pt', { title: string; content: string }>>>;
export type MailedMessageTemplate = keyof typeof MAILED_MESSAGE_TEMPLATES;
/** Where a message's mail stands: waiting for the mailer, sent, failed, or skipped (no address, mail not configured). */
export const MESSAGE_MAIL_STATES = ['pending', 'sent', 'failed', 'skipped'] as const;
export type MessageMailState = (typeof MESSAGE_MAIL_STATES)[number];
export const MESSAGE_TEMPLATE_NAMES = keysOf(MESSAGE_TEMPLATES);

/** Fills `{{name}}` placeholders (the same syntax i18next uses on the web). */
export function fillTemplate(text: string, params: Record<string, string>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => params[k] ?? '');
}

export const MessageListQuerySchema = PageQuerySchema.pick({ page: true, size: true }).extend({
  /** true: read only, false: unread only, absent: all. */
  read: z.boolean().optional(),
  kind: z.enum(MESSAGE_KINDS).optional(),
  /** Received at or after this instant. */
  from: z.iso.datetime({ offset: true }).optional(),
  /** Received before this instant. */
  to: z.iso.datetime({ offset: true }).optional(),
});
export type MessageListQuery = z.infer<typeof MessageListQuerySchema>;

/** What the owner may do to a message: read marks an unread one; delete always. */
export const MessageAbilitiesSchema = z.object({ read: z.boolean(), delete: z.boolean() });
export type MessageAbilities = z.infer<typeof MessageAbilitiesSchema>;

export const MessageRowSchema = z.object({
  id: z.number(),
  title: z.string(),
  content: z.string(),
  kind: z.string(),
  template: z.enum(nonEmpty(MESSAGE_TEMPLATE_NAMES, 'message templates')).nullable(),
  params: z.record(z.string(), z.string()),
  read: z.boolean(),
  readAt: z.string().nullable(),
  createdAt: z.string(),
  abilities: MessageAbilitiesSchema,
});
export type MessageRow = z.infer<typeof MessageRowSchema>;

export const MessageIdSchema = z.object({ id: IdSchema });

/** Message config: the kinds the user does not want to receive. */
export const MessageConfigSchema = z.object({
  muted: z.array(z.enum(MESSAGE_MUTABLE_KINDS)).max(MESSAGE_MUTABLE_KINDS.length),
});
export type MessageConfig = z.infer<typeof MessageConfigSchema>;

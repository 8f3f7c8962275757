import { z } from 'zod';
import { IdSchema, PageQuerySchema } from './api.js';

export const MESSAGE_TITLE_MAX = 200;
export const MESSAGE_CONTENT_MAX = 2000;

/**
 * What a message is about. `system` and `account` (approval of a registration, a password reset,
 * a frozen account) always arrive; a user may stop receiving the others (message config).
 */
export const MESSAGE_KINDS = ['system', 'account', 'notice', 'course', 'exam', 'training', 'approval'] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];
export const MESSAGE_MUTABLE_KINDS = ['notice', 'course', 'exam', 'training', 'approval'] as const satisfies readonly MessageKind[];
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
} as const satisfies Record<string, { kind: MessageKind; title: string; content: string }>;
export type MessageTemplate = keyof typeof MESSAGE_TEMPLATES;
export const MESSAGE_TEMPLATE_NAMES = Object.keys(MESSAGE_TEMPLATES) as MessageTemplate[];

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
  template: z.enum(MESSAGE_TEMPLATE_NAMES as [MessageTemplate, ...MessageTemplate[]]).nullable(),
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

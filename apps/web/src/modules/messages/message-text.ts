import type { TFunction } from 'i18next';
import type { MessageRow } from '@hanlin/shared';
import { formatTime } from '../../platform/format';

/** Parameters named `…At` are instants (ISO): shown as the lists show times, in the reader's zone. */
const shown = (params: Record<string, string>) =>
  Object.fromEntries(Object.entries(params).map(([k, v]) => [k, k.endsWith('At') && !Number.isNaN(Date.parse(v)) ? formatTime(v) : v]));

/** A platform message in the reader's language; a message written by a module as it was sent. */
export function messageText(t: TFunction, m: Pick<MessageRow, 'template' | 'params' | 'title' | 'content'>) {
  if (!m.template) return { title: m.title, content: m.content };
  return {
    title: t(`message.tpl.${m.template}.title`, { ...shown(m.params), defaultValue: m.title }),
    content: t(`message.tpl.${m.template}.content`, { ...shown(m.params), defaultValue: m.content }),
  };
}

/** Where "see all" leads: the back office's page inside the back office, the student center elsewhere. */
export const messagesPagePath = (pathname: string) => (pathname.startsWith('/dashboard') ? '/dashboard/my-messages' : '/student-center/messages');

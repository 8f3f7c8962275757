import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MediaState } from '@hanlin/shared';
import { errorMessage } from '../../../platform/i18n';

const COLORS: Record<MediaState['state'], string> = { none: 'default', pending: 'default', processing: 'processing', ready: 'success', failed: 'error', download: 'warning' };

/** Processing state of a file for lists (the courseware list): "processing 40%", "video slicing failed"… */
export default function MediaStateTag({ media }: { media: Pick<MediaState, 'state' | 'progress' | 'error'> }) {
  const { t } = useTranslation();
  const text = media.state === 'failed' && media.error ? errorMessage(media.error) : t(`media.state.${media.state}`, { progress: media.progress });
  return (
    <Tag color={COLORS[media.state]} data-testid="media-state">
      {text}
    </Tag>
  );
}

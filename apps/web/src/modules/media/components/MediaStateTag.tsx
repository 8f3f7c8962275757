import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { MEDIA_STATE_COLORS, mediaFailed, mediaStateLabelKey, type MediaState } from '@hanlin/shared';
import { errorMessage } from '../../../platform/i18n';

/**
 * Processing state of a file for lists (the courseware list) in the words of its kind: a video "transcoding 40%",
 * "ready to play"; a document "converting", "ready to read", "download only"; a failure names its reason.
 */
export default function MediaStateTag({ media }: { media: Pick<MediaState, 'kind' | 'state' | 'progress' | 'error'> }) {
  const { t } = useTranslation();
  const text = mediaFailed(media) && media.error ? errorMessage(media.error) : t(mediaStateLabelKey(media), { progress: media.progress });
  return (
    <Tag color={MEDIA_STATE_COLORS[media.state]} data-testid="media-state">
      {text}
    </Tag>
  );
}

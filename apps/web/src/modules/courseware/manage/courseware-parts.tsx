import { Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { mediaIsDocument, mediaSettled, type CoursewareRow } from '@hanlin/shared';
import { MediaStateTag } from '../../media/index';

function duration(ms: number | null | undefined) {
  if (!ms) return '';
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** What a processed file measures: a video's or audio's length, a document's pages (unknown once settled without a count). */
export function Measure({ media }: { media: NonNullable<CoursewareRow['media']> }) {
  const { t } = useTranslation();
  if (!mediaIsDocument(media)) return <>{duration(media.durationMs)}</>;
  if (media.pages !== null) return <span data-testid="courseware-pages">{t('courseware.pages', { count: media.pages })}</span>;
  return mediaSettled(media) ? <span data-testid="courseware-pages">{t('courseware.pagesUnknown')}</span> : null;
}

export function TypeTag({ type }: { type: CoursewareRow['type'] }) {
  const { t } = useTranslation();
  return <Tag>{t(`courseware.types.${type}`)}</Tag>;
}

/** The file of a saved courseware (kept as uploaded): its name, type, processing state in its kind's words, and measure. */
export function CoursewareFileFacts({ row }: { row: CoursewareRow }) {
  return (
    <Space size={4} wrap data-testid="courseware-file-facts">
      <Typography.Text>{row.fileName}</Typography.Text>
      <TypeTag type={row.type} />
      {row.media && <MediaStateTag media={row.media} />}
      {row.media && <Measure media={row.media} />}
    </Space>
  );
}

import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { mediaFailed, mediaPlayable, type MediaState } from '@hanlin/shared';
import { saveDownload } from '../../../platform/api/client';
import { downloadMediaFile } from '../api';
import VideoPlayer, { type VideoPlayerProps } from './VideoPlayer';
import PdfViewer from './PdfViewer';
import AudioPlayer from './AudioPlayer';
import MediaStateTag from './MediaStateTag';

export interface MediaPreviewProps {
  media: MediaState;
  /** Passed to the video player (anti-skip, events). */
  video?: Omit<VideoPlayerProps, 'src'>;
  onPageChange?: (e: { current: number; total: number }) => void;
}

/** The right player for a processed file; its state while processing; a download otherwise. */
export default function MediaPreview({ media, video, onPageChange }: MediaPreviewProps) {
  const { t } = useTranslation();
  if (mediaPlayable(media) && media.playUrl) {
    if (media.kind === 'video') return <VideoPlayer src={media.playUrl} {...video} />;
    if (media.kind === 'audio') return <AudioPlayer src={media.playUrl} durationMs={media.durationMs} onProgress={video?.onProgress} onEnded={video?.onEnded} />;
    if (media.kind === 'pdf' || media.kind === 'office') return <PdfViewer src={media.playUrl} onPageChange={onPageChange} />;
  }
  const download = () => void downloadMediaFile({ fileId: media.fileId }).then(saveDownload);
  return (
    <Result
      status={mediaFailed(media) ? 'error' : 'info'}
      title={<MediaStateTag media={media} />}
      extra={
        <Button onClick={download} data-testid="media-download">
          {t('media.download')}
        </Button>
      }
      data-testid="media-preview-state"
    />
  );
}

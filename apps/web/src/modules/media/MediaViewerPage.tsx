import { useEffect } from 'react';
import { Result, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { FILE_PUBLIC_ID_PATTERN, UPLOAD_KINDS, mediaInProgress, mediaUnprocessed, oneOf } from '@hanlin/shared';
import { getMediaStates, requestMediaProcessing } from './api';
import MediaPreview from './components/MediaPreview';
import ChunkedUploader from './components/ChunkedUploader';

/**
 * `/media-viewer?file=<public id>`: plays a file the caller may read (video, audio, PDF, converted
 * Office), starting its processing when never asked and following the progress until ready.
 * Without `file`: a chunked upload of courseware (`&kind=video|audio|document|courseware`), then its preview.
 */
export default function MediaViewerPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const id = params.get('file') ?? '';
  const valid = FILE_PUBLIC_ID_PATTERN.test(id);
  const q = useQuery({
    queryKey: ['media-state', id],
    enabled: valid,
    queryFn: async () => (await getMediaStates({ ids: [id] }))[0] ?? null,
    refetchInterval: (query) => (query.state.data && mediaInProgress(query.state.data) ? 2000 : false),
  });
  const media = q.data;
  const unprocessed = !!media && mediaUnprocessed(media);
  useEffect(() => {
    if (unprocessed) void requestMediaProcessing({ id }).then(() => q.refetch());
  }, [unprocessed, id, q]);

  if (!id) {
    const kind = oneOf(UPLOAD_KINDS, params.get('kind'), 'courseware');
    return (
      <div style={{ maxWidth: 960, margin: '0 auto', padding: 16 }} data-testid="media-upload">
        <ChunkedUploader kind={kind} purpose="courseware" onUploaded={(f) => setParams({ file: f.id })} />
      </div>
    );
  }
  if (!valid || (q.isSuccess && !media)) return <Result status="warning" title={t('viewer.noFile')} data-testid="media-viewer-empty" />;
  if (!media) return <Spin fullscreen />;
  return (
    <div style={{ maxWidth: 960, margin: '0 auto', padding: 16 }} data-testid="media-viewer">
      <MediaPreview media={media} />
    </div>
  );
}

import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

const IMAGE = /\.(png|jpe?g|gif|webp|bmp|svg)(\?|#|$)/i;
const PDF = /\.pdf(\?|#|$)/i;

/** Only same-site paths and http(s) addresses are shown (no `javascript:` or `data:` URLs). */
export function safeUrl(raw: string | null): string | null {
  if (!raw) return null;
  try {
    const u = new URL(raw, window.location.origin);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.href : null;
  } catch {
    return null;
  }
}

/** `/attachment-viewer?url=...&type=pdf|image`: PDF in the browser's viewer, images inline. */
export default function AttachmentViewerPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const url = safeUrl(params.get('url'));
  const type = params.get('type') ?? (url && PDF.test(url) ? 'pdf' : url && IMAGE.test(url) ? 'image' : 'other');
  if (!url) return <Result status="warning" title={t('viewer.noFile')} data-testid="viewer-empty" />;
  if (type === 'pdf') return <iframe title={t('viewer.title')} src={url} data-testid="viewer-pdf" style={{ border: 0, width: '100vw', height: '100vh' }} />;
  if (type === 'image')
    return (
      <div style={{ display: 'flex', justifyContent: 'center', padding: 24 }}>
        <img src={url} alt={t('viewer.title')} data-testid="viewer-image" style={{ maxWidth: '100%' }} />
      </div>
    );
  return (
    <Result
      status="info"
      title={t('viewer.unsupported')}
      extra={
        <a href={url} download data-testid="viewer-download">
          {t('viewer.download')}
        </a>
      }
    />
  );
}

import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Space, Spin, Typography } from 'antd';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { PDFDocumentProxy, RenderTask } from 'pdfjs-dist';

export interface PdfViewerProps {
  /** The PDF (`MediaState.playUrl`, a signed link needing no headers). */
  src: string;
  /** First page to show (resume), from 1. */
  initialPage?: number;
  /** Each time the shown page changes (and once loaded): page progress counts as learning. */
  onPageChange?: (e: { current: number; total: number }) => void;
}

/** Loads pdf.js with its worker on first use (never in the main bundle). */
async function loadPdfJs() {
  const pdfjs = await import('pdfjs-dist');
  if (!pdfjs.GlobalWorkerOptions.workerSrc) {
    pdfjs.GlobalWorkerOptions.workerSrc = new URL('pdfjs-dist/build/pdf.worker.min.mjs', import.meta.url).href;
  }
  return pdfjs;
}

/** A PDF drawn page by page with pdf.js, with previous/next navigation. */
export default function PdfViewer({ src, initialPage = 1, onPageChange }: PdfViewerProps) {
  const { t } = useTranslation();
  const canvas = useRef<HTMLCanvasElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const [doc, setDoc] = useState<PDFDocumentProxy | null>(null);
  const [page, setPage] = useState(initialPage);
  const [failed, setFailed] = useState(false);
  const onChange = useRef(onPageChange);
  onChange.current = onPageChange;

  useEffect(() => {
    let cancelled = false;
    let loaded: PDFDocumentProxy | undefined;
    setDoc(null);
    setFailed(false);
    void loadPdfJs()
      .then((pdfjs) => pdfjs.getDocument({ url: src, isEvalSupported: false }).promise)
      .then((d) => {
        loaded = d;
        if (cancelled) return void d.destroy();
        setDoc(d);
        setPage((p) => Math.min(Math.max(1, p), d.numPages));
      })
      .catch(() => !cancelled && setFailed(true));
    return () => {
      cancelled = true;
      void loaded?.destroy();
    };
  }, [src]);

  useEffect(() => {
    if (!doc || !canvas.current) return;
    let task: RenderTask | undefined;
    let cancelled = false;
    void doc.getPage(page).then((p) => {
      if (cancelled || !canvas.current) return;
      const width = box.current?.clientWidth || 800;
      const base = p.getViewport({ scale: 1 });
      const ratio = window.devicePixelRatio || 1;
      const viewport = p.getViewport({ scale: (width / base.width) * ratio });
      const c = canvas.current;
      c.width = viewport.width;
      c.height = viewport.height;
      c.style.width = `${viewport.width / ratio}px`;
      task = p.render({ canvas: c, viewport });
      task.promise.catch(() => undefined);
    });
    onChange.current?.({ current: page, total: doc.numPages });
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [doc, page]);

  if (failed) return <Alert type="error" showIcon message={t('media.pdf.loadFailed')} data-testid="pdf-viewer-error" />;
  const total = doc?.numPages ?? 0;
  return (
    <div ref={box} data-testid="pdf-viewer" style={{ width: '100%' }}>
      <Space style={{ marginBottom: 8 }}>
        <Button icon={<LeftOutlined />} disabled={!doc || page <= 1} onClick={() => setPage((p) => p - 1)} aria-label={t('media.pdf.prev')} />
        <Typography.Text data-testid="pdf-viewer-page">{doc ? t('media.pdf.page', { current: page, total }) : t('media.pdf.loading')}</Typography.Text>
        <Button icon={<RightOutlined />} disabled={!doc || page >= total} onClick={() => setPage((p) => p + 1)} aria-label={t('media.pdf.next')} />
      </Space>
      {!doc && <Spin style={{ display: 'block', margin: 24 }} />}
      <canvas ref={canvas} style={{ display: doc ? 'block' : 'none', maxWidth: '100%', boxShadow: '0 0 4px rgba(0,0,0,.2)' }} />
    </div>
  );
}

import { lazy } from 'react';

/**
 * The media components, each loaded on first render (hls.js, pdf.js and hash-wasm stay out of
 * every other page's bundle). Wrap them in <Suspense>.
 */
export const ChunkedUploader = lazy(() => import('./ChunkedUploader'));
export const VideoPlayer = lazy(() => import('./VideoPlayer'));
export const PdfViewer = lazy(() => import('./PdfViewer'));
export const AudioPlayer = lazy(() => import('./AudioPlayer'));
export const MediaPreview = lazy(() => import('./MediaPreview'));
/** Small and without heavy libraries: import it directly where a list shows processing states. */
export { default as MediaStateTag } from './MediaStateTag';
export type { ChunkedUploaderProps } from './ChunkedUploader';
export type { VideoPlayerProps, PlaybackEvent } from './VideoPlayer';
export type { PdfViewerProps } from './PdfViewer';
export type { AudioPlayerProps } from './AudioPlayer';
export type { MediaPreviewProps } from './MediaPreview';

/** Public face of this module: other modules import only from this file (lint: boundaries). */
/** The players and previews load on first render (see components/index.ts): wrap them in <Suspense>. */
export { AudioPlayer, MediaPreview, MediaStateTag, PdfViewer, VideoPlayer } from './components';
export { FileUpload } from './components/FileUpload';

/** Public face of this module: other modules import only from this file (lint: boundaries). */
import { lazy } from 'react';

export { findCurrentBanners } from './api';
/** The carousel (antd Carousel) loads on first render: wrap it in <Suspense>. */
export const BannerCarousel = lazy(() => import('./portal/BannerCarousel'));

/**
 * Public face of this module: other modules import only from this file (lint: boundaries).
 */
export { MyCertificateLink } from './components/MyCertificateLink';

/** Public face of this module: other modules import only from this file (lint: boundaries). */
export { LearnerStatusTag, OrgReport, ProgressBar, durationText } from './components/report-parts';

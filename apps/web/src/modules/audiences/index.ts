/** Public face of this module: other modules import only from this file (lint: boundaries). */
export { AudiencePicker, useAudienceBeyondPrompt, useAudienceGuard, type AudiencePickerProps } from './components/AudiencePicker';
export { searchAudience } from './api';

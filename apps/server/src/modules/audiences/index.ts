// Public surface of the audiences module ("open crowd conditions"): other modules import only from here.
export { audienceTargets } from './audiences.schema.js';
export { audienceOwnersOf, audienceUserIds, clearAudience, getAudience, inAudience, setAudience, type AudienceOwner } from './audiences.service.js';

import { audienceRoutes, type AudienceSearch } from '@hanlin/shared';
import { call } from '../../platform/api/call';

export const searchAudience = (input: AudienceSearch) => call(audienceRoutes.search, input);

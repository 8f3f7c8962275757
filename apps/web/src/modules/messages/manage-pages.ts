import { definePages } from '../../platform/pages';

export default definePages([{ path: 'my-messages', load: () => import('./MyMessagesPage'), codes: [], titleKey: 'page.my-messages' }]);

import { lazy, Suspense } from 'react';
import { useFeedbackWanted } from '../feedback';

const FeedbackHost = lazy(() => import('./FeedbackHost'));

/**
 * Messages and dialogs (platform/feedback.ts): their code loads with the first one shown.
 * Place inside the ConfigProvider, so theme and locale apply.
 */
export function Feedback() {
  return useFeedbackWanted() ? (
    <Suspense fallback={null}>
      <FeedbackHost />
    </Suspense>
  ) : null;
}

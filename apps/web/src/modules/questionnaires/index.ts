/** Questionnaires (issue 20): the public face of the web module. */
import { lazy } from 'react';

export { QuestionnaireAnswerForm, type QuestionnaireAnswerFormProps } from './answer/QuestionnaireAnswerForm';
export { answerProblems, isBlankAnswer, shownAnswers } from './answer/answer-set';
/**
 * The item editor of templates, for a form of another module (a survey built in place, training
 * satisfaction): the items live under `items` of that form, `fillItems` puts saved ones there and
 * `readItems` reads them checked by the shared schema (problems shown on their fields).
 */
export const QuestionnaireItemsEditor = lazy(() => import('./manage/QuestionnaireItemsEditor'));
export type { QuestionnaireItemsEditorProps } from './manage/QuestionnaireItemsEditor';
export { fillItems, readItems, type ItemDraft } from './manage/item-drafts';

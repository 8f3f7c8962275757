import {
  textbookRoutes as routes,
  type TextbookInsert,
  type TextbookListQuery,
  type TextbookNoteInsert,
  type TextbookNoteListQuery,
  type TextbookNoteUpdate,
  type TextbookProgress,
  type TextbookScore,
  type TextbookShelfQuery,
  type TextbookUpdate,
} from '@hanlin/shared';
import { call } from '../../platform/api/call';

export const getTextbookCategoryTree = () => call(routes.categoryTree);

export const findTextbooks = (input: Partial<TextbookListQuery>) => call(routes.list, input);
export const getTextbookById = (input: { id: number }) => call(routes.get, input);
export const insertTextbook = (input: TextbookInsert) => call(routes.insert, input);
export const updateTextbook = (input: TextbookUpdate) => call(routes.update, input);
export const deleteTextbooks = (input: { ids: number[] }) => call(routes.delete, input);
export const publishTextbooks = (input: { ids: number[] }) => call(routes.publish, input);
export const unpublishTextbooks = (input: { ids: number[] }) => call(routes.unpublish, input);
export const offShelfTextbooks = (input: { ids: number[] }) => call(routes.offShelf, input);

export const findShelfTextbooks = (input: Partial<TextbookShelfQuery>) => call(routes.shelf, input);
export const readTextbook = (input: { id: number }) => call(routes.read, input);
export const saveTextbookProgress = (input: TextbookProgress) => call(routes.progress, input, { silent: true });
export const scoreTextbook = (input: TextbookScore) => call(routes.score, input);
export const registerTextbook = (input: { id: number }) => call(routes.register, input);
export const unregisterTextbook = (input: { id: number }) => call(routes.unregister, input);
export const findTextbookNotes = (input: TextbookNoteListQuery) => call(routes.notes, input);
export const insertTextbookNote = (input: TextbookNoteInsert) => call(routes.noteInsert, input);
export const updateTextbookNote = (input: TextbookNoteUpdate) => call(routes.noteUpdate, input);
export const deleteTextbookNote = (input: { id: number }) => call(routes.noteDelete, input);

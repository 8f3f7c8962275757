// Public surface of the papers module: other modules import only from here.
export { papers, paperItems, paperRules } from './papers.schema.js';
export { describePapers, drawPaper, drawPlan, paperPlan, searchPapers, type ExamPaperInfo, type PaperPlan } from './papers.draw.js';
export type { DrawnPaper, DrawnQuestion } from '@hanlin/shared';
export { registerPaperUse, type PaperUse } from './papers.usage.js';

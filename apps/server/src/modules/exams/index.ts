// Public surface of the exams module: other modules (and the app bootstrap) import only from here.
export { examCategories, examReviewers, exams } from './exams.schema.js';
export { setExamPaperSource, type ExamPaperInfo, type ExamPaperSource } from './exams.paper.js';
export { EXAM_CLOCK_JOB } from './exams.service.js';
export { examAttempts, examAttemptAnswers, examPhotos, examExtensions } from './exam-attempt.schema.js';
export { ATTEMPT_DEADLINE_JOB, ATTEMPT_SWEEP_JOB, completeMarking } from './exam-attempt.service.js';
export { stateNow as examStateNow } from './exams.repository.js';

/** Links of the results pages (management end, under /dashboard; the respondent's, under the student center). */
export const surveyResultPath = (id: number) => `/dashboard/survey-result?id=${id}`;
export const surveyOrgReportPath = (id: number) => `/dashboard/manage-surveydetail-report?id=${id}`;
export const mySurveyResultPath = (id: number) => `/student-center/questionnaire/${id}/result`;

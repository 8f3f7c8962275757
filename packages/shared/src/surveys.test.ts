import { describe, expect, it } from 'vitest';
import { SURVEY_LIFECYCLE, SurveyInsertSchema, SurveyUpdateSchema, surveyStateAt } from './surveys.js';

const start = '2026-12-01T09:00:00+08:00';
const end = '2026-12-08T18:00:00+08:00';

describe('surveys', () => {
  it('refuses a start that is not before the end, on the end field', () => {
    const same = SurveyInsertSchema.safeParse({ name: 'S', startAt: end, endAt: end });
    expect(same.success).toBe(false);
    expect(same.error!.issues[0]!.path).toEqual(['endAt']);
    expect(SurveyInsertSchema.parse({ name: 'S', startAt: start, endAt: end })).toMatchObject({ anonymous: false, repeatable: false, audience: [], items: [] });
    // An update naming only one of the two times is checked against the stored other one by the server.
    expect(SurveyUpdateSchema.safeParse({ id: 1, endAt: start }).success).toBe(true);
  });

  it('ends a released survey at its end on the server clock; other states stay', () => {
    const endAt = new Date(end);
    expect(surveyStateAt('released', endAt, new Date(endAt.getTime() - 1))).toBe('released');
    expect(surveyStateAt('released', endAt, endAt)).toBe('ended');
    expect(surveyStateAt('unreleased', endAt, new Date(endAt.getTime() + 1))).toBe('unreleased');
  });

  it('releases drafts and unreleased surveys, and deletes only those nobody can answer', () => {
    expect(SURVEY_LIFECYCLE.can('draft', 'release')).toBe(true);
    expect(SURVEY_LIFECYCLE.can('ended', 'unrelease')).toBe(false);
    expect(SURVEY_LIFECYCLE.abilities('released')).toMatchObject({ release: false, unrelease: true, delete: false });
    expect(SURVEY_LIFECYCLE.abilities('unreleased')).toMatchObject({ release: true, delete: true });
  });
});

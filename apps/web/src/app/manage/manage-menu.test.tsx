import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { buildManageMenu } from './manage-menu';

const t = ((key: string) => key) as unknown as TFunction;
type Node = { key: string; children?: Node[] };
const keysOf = (granted: string[]) => (buildManageMenu(granted, t).items as Node[]).map((i) => (i.children ? { [i.key]: i.children.map((c) => c.key) } : i.key));

describe('the management menu', () => {
  it('lists the survey reports (code dcgl) in the report group, after its own reports', () => {
    expect(keysOf(['xtgl', 'bbtj', 'dcgl'])).toContainEqual({
      'group:report': ['/dashboard/manage-study-report', '/dashboard/manage-survey-report', '/dashboard/manage-surveydetail-report'],
    });
    expect(keysOf(['xtgl', 'dcgl'])).toEqual(
      expect.arrayContaining([
        { 'group:survey': ['/dashboard/manage-survey'] },
        { 'group:report': ['/dashboard/manage-survey-report', '/dashboard/manage-surveydetail-report'] },
      ]),
    );
    expect(buildManageMenu(['dcgl'], t).groupOf['/dashboard/manage-survey-report']).toBe('group:report');
  });

  it('shows no survey report without dcgl', () => {
    expect(keysOf(['xtgl', 'bbtj', 'kctj'])).toContainEqual({ 'group:report': ['/dashboard/manage-study-report', '/dashboard/manage-course-report'] });
  });
});

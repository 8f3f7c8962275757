// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { orgRoutes, surveyRoutes, type SurveyResult } from '@hanlin/shared';
import { session } from '../../../platform/session';
import { renderAt } from '../../../platform/kernel/testing/render';
import { fakeApi, sample } from '../../../platform/kernel/testing/fake-api';
import { expectRows } from '../../../platform/kernel/testing/list';
import SurveyResultPage from './SurveyResultPage';
import SurveyReportPage from './SurveyReportPage';
import MySurveyResultPage from './MySurveyResultPage';
import SurveyOrgReportPage from './SurveyOrgReportPage';
import MySurveysPage from '../portal/MySurveysPage';
import { searchBy } from '../../../platform/kernel/testing/list';

// A chart shows the option it was given (ECharts draws on a canvas happy-dom lacks).
vi.mock('../../../platform/components/EChart', () => ({
  EChart: ({ option, testId }: { option: { series: { data: number[] }[]; yAxis?: { data?: string[] }; xAxis?: { data?: string[] } }; testId?: string }) => (
    <pre data-testid={testId}>{JSON.stringify({ labels: option.yAxis?.data ?? option.xAxis?.data, data: option.series[0]!.data })}</pre>
  ),
}));

const chartOf = (testId: string) => JSON.parse(screen.getByTestId(testId).textContent!) as { labels: string[]; data: number[] };

function resultOf(over: Partial<SurveyResult> = {}): SurveyResult {
  return sample(surveyRoutes.result.response, {
    id: 7,
    name: 'Canteen survey',
    audienceSize: 40,
    respondents: 30,
    rate: 75,
    responses: 30,
    named: true,
    abilities: { texts: true, unanswered: true, remind: true, export: true },
    items: [
      { kind: 'section', key: 's1', title: 'Food' },
      {
        kind: 'single',
        key: 'dish',
        title: 'Favourite dish',
        answered: 30,
        options: [
          { label: 'Noodles', count: 18, percent: 60 },
          { label: 'Rice', count: 9, percent: 30 },
        ],
        other: { count: 3, percent: 10 },
      },
      {
        kind: 'rating',
        key: 'taste',
        title: 'Taste',
        answered: 30,
        scale: 5,
        average: 3.9,
        distribution: [1, 2, 3, 4, 5].map((value) => ({ value, count: value * 2, percent: 0 })),
      },
      {
        kind: 'matrix',
        key: 'grid',
        title: 'Service',
        answered: 28,
        rows: ['Speed', 'Kindness'],
        columns: ['Poor', 'Good'],
        cells: [
          [4, 24],
          [1, 27],
        ],
      },
      { kind: 'textarea', key: 'why', title: 'Comments', answered: 12 },
    ],
    ...over,
  }) as SurveyResult;
}

describe('survey-result', () => {
  it('draws the server’s figures: rate, bars per option, rating distribution, matrix heat table, texts with search', async () => {
    session.set({ operateAuth: ['dcgl', 'dcgl:export', 'dcgl:publish'] });
    const api = fakeApi()
      .on(surveyRoutes.result, resultOf())
      .on(surveyRoutes.resultTexts, (q) => ({
        records: [{ text: q.keyword ? 'More soup' : 'Tasty', realname: 'Ann', orgName: 'North', submittedAt: '2026-11-28T08:00:00.000Z' }],
        total: 1,
        page: 1,
        size: 10,
      }));
    renderAt('/list?id=7', () => <SurveyResultPage />);
    expect((await screen.findByTestId('survey-result-name')).textContent).toBe('Canteen survey');
    expect(api.last(surveyRoutes.result)).toEqual({ id: 7 });
    expect(screen.getByTestId('survey-rate').textContent).toContain('75');
    expect(chartOf('survey-chart-dish')).toEqual({ labels: ['Noodles', 'Rice', '其他'], data: [18, 9, 3] });
    expect(chartOf('survey-chart-taste')).toEqual({ labels: ['1★', '2★', '3★', '4★', '5★'], data: [2, 4, 6, 8, 10] });
    expect(screen.getByTestId('survey-average-taste').textContent).toContain('3.9');
    expect(screen.getByTestId('survey-heat-grid-0-1').textContent).toBe('24');
    expect(screen.getByTestId('survey-heat-grid-1-0').textContent).toBe('1');
    const texts = await screen.findByTestId('survey-texts-why');
    await within(texts).findByText('Tasty');
    fireEvent.change(within(texts).getByRole('searchbox'), { target: { value: 'soup' } });
    fireEvent.keyDown(within(texts).getByRole('searchbox'), { key: 'Enter', code: 'Enter' });
    await within(texts).findByText('More soup');
    expect(api.last(surveyRoutes.resultTexts)).toMatchObject({ id: 7, key: 'why', keyword: 'soup' });
    // The other texts of a choice come from the same list.
    expect(screen.getByTestId('survey-texts-dish')).toBeTruthy();
  });

  it('filters by organization: the figures, the texts and who has not answered of that subtree', async () => {
    session.set({ operateAuth: ['dcgl'] });
    const api = fakeApi()
      .on(orgRoutes.dataTree, [{ id: 5, name: 'North', parentId: null, children: [] }])
      .on(surveyRoutes.result, (q) => resultOf({ rate: q.orgId ? 100 : 75 }));
    renderAt('/list?id=7', () => <SurveyResultPage />);
    await screen.findByTestId('survey-result-org');
    fireEvent.mouseDown(
      screen.getByTestId('survey-result-org').closest('.ant-select')!.querySelector('.ant-select-selector, .ant-select-content') ?? screen.getByTestId('survey-result-org'),
    );
    fireEvent.click(await screen.findByTitle('North'));
    await waitFor(() => expect(api.last(surveyRoutes.result)).toEqual({ id: 7, orgId: 5 }));
    await waitFor(() => expect(screen.getByTestId('survey-rate').textContent).toContain('100'));
    await waitFor(() => expect(api.last(surveyRoutes.resultTexts)).toMatchObject({ id: 7, key: 'why', orgId: 5 }));
    fireEvent.click(screen.getByTestId('survey-tab-unanswered'));
    await waitFor(() => expect(api.last(surveyRoutes.unanswered)).toMatchObject({ id: 7, orgId: 5 }));
  });

  it('lists who has not answered and reminds them only after confirming', async () => {
    session.set({ operateAuth: ['dcgl', 'dcgl:publish'] });
    const api = fakeApi()
      .on(surveyRoutes.result, resultOf({ abilities: { texts: true, unanswered: true, remind: true, export: false } }))
      .on(surveyRoutes.unanswered, { records: [{ userId: 3, realname: 'Dot', username: 'dot', orgName: 'South' }], total: 1, page: 1, size: 20 })
      .on(surveyRoutes.remind, { count: 1 });
    renderAt('/list?id=7', () => <SurveyResultPage />);
    expect(screen.queryByTestId('survey-export-answers')).toBeNull();
    fireEvent.click(await screen.findByTestId('survey-tab-unanswered'));
    expect(await screen.findByText('Dot')).toBeTruthy();
    await waitFor(() => expect((screen.getByTestId('survey-remind') as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByTestId('survey-remind'));
    expect(api.sent(surveyRoutes.remind)).toHaveLength(0);
    fireEvent.click(await screen.findByTestId('survey-remind-ok'));
    await waitFor(() => expect(api.sent(surveyRoutes.remind)).toEqual([{ id: 7 }]));
  });

  it('an anonymous survey offers no organization filter and no list of who has not answered; exports send the reader’s language', async () => {
    session.set({ operateAuth: ['dcgl', 'dcgl:export'] });
    const api = fakeApi().on(surveyRoutes.result, resultOf({ named: false, abilities: { texts: true, unanswered: false, remind: false, export: true } }));
    renderAt('/list?id=7', () => <SurveyResultPage />);
    expect(await screen.findByTestId('survey-anonymous-hint')).toBeTruthy();
    expect(screen.queryByTestId('survey-result-org')).toBeNull();
    expect(screen.queryByTestId('survey-tab-unanswered')).toBeNull();
    fireEvent.click(screen.getByTestId('survey-export-summary'));
    await waitFor(() => expect(api.last(surveyRoutes.exportSummary)).toMatchObject({ id: 7, lang: 'zh-CN' }));
  });
});

describe('survey reports', () => {
  it('lists surveys with their response rate and leads to the results', async () => {
    session.set({ operateAuth: ['dcgl'] });
    fakeApi().rows(surveyRoutes.report, [{ id: 7, name: 'Canteen survey', audienceSize: 40, respondents: 30, rate: 75 }]);
    const view = renderAt('/list', () => <SurveyReportPage />);
    await expectRows('survey-report-name', ['Canteen survey']);
    expect(screen.getByText('75%')).toBeTruthy();
    fireEvent.click(screen.getByTestId('survey-report-result'));
    await waitFor(() => expect(view.router.state.location.search).toBe('?id=7'));
  });

  it('shows one survey’s rate per organization, searched by organization', async () => {
    session.set({ operateAuth: ['dcgl'] });
    const api = fakeApi()
      .on(surveyRoutes.result, resultOf())
      .on(surveyRoutes.orgReport, (q) => ({
        records: [
          { orgId: 5, orgName: 'North', audienceSize: 2, respondents: 2, rate: 100 },
          { orgId: 6, orgName: 'South', audienceSize: 2, respondents: 1, rate: 50 },
        ].filter((r) => !q.keyword || r.orgName.includes(String(q.keyword))),
        total: 2,
        page: 1,
        size: 20,
      }));
    renderAt('/list?id=7', () => <SurveyOrgReportPage />);
    await waitFor(() => expect(screen.getByTestId('survey-org-report-name').textContent).toBe('Canteen survey'));
    await waitFor(() => expect(screen.getByText('North')).toBeTruthy());
    expect(screen.getByText('50%')).toBeTruthy();
    expect(api.last(surveyRoutes.orgReport)).toMatchObject({ id: 7, sort: 'rate' });
    await searchBy('survey-org-report-keyword', 'South', () => api.last(surveyRoutes.orgReport), { id: 7, keyword: 'South' });
  });

  it('my surveys offer the results of a results-public survey I answered', async () => {
    fakeApi().rows(surveyRoutes.my, [
      { id: 8, name: 'Canteen survey', state: 'answered', answeredCount: 1, abilities: { answer: false, results: true } },
      { id: 9, name: 'Safety week', state: 'answered', answeredCount: 1, abilities: { answer: false, results: false } },
    ]);
    const view = renderAt('/student-center/questionnaires', () => <MySurveysPage />, { path: '/student-center/questionnaires' });
    const buttons = await screen.findAllByTestId('my-survey-results');
    expect(buttons).toHaveLength(1);
    fireEvent.click(buttons[0]!);
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/student-center/questionnaire/8/result'));
  });

  it('shows a respondent the public figures without texts', async () => {
    fakeApi().on(surveyRoutes.myResult, resultOf());
    renderAt('/student-center/questionnaire/7/result', () => <MySurveyResultPage />, { path: '/student-center/questionnaire/:id/result' });
    expect((await screen.findByTestId('my-survey-result-name')).textContent).toBe('Canteen survey');
    expect(chartOf('survey-chart-dish').data).toEqual([18, 9, 3]);
    expect(screen.queryByTestId('survey-texts-why')).toBeNull();
  });
});

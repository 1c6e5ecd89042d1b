import { describe, expect, it } from 'vitest';
import { orderNextStep, resultsRecommendWork, type NextStepView } from './next-step.js';

const order = (states: Partial<NextStepView['states']>, over: Partial<NextStepView> = {}): NextStepView => ({
  states: { inspection: 'notStarted', estimate: 'notStarted', report: 'notStarted', ...states },
  closed: false,
  recommendsWork: true,
  ...over,
});

describe('orderNextStep', () => {
  it('asks to finish while the inspection is not done, whatever the other steps say', () => {
    for (const inspection of ['notStarted', 'pending', 'inProgress'] as const) {
      expect(orderNextStep(order({ inspection }))).toBe('finish');
      expect(orderNextStep(order({ inspection, estimate: 'done', report: 'done' }))).toBe('finish');
    }
  });

  it('asks for the estimate once the inspection is done and the estimate is not', () => {
    for (const estimate of ['notStarted', 'pending', 'inProgress'] as const) {
      expect(orderNextStep(order({ inspection: 'done', estimate }))).toBe('estimate');
    }
  });

  it('asks for the estimate while the results are not known', () => {
    expect(orderNextStep(order({ inspection: 'done' }, { recommendsWork: null }))).toBe('estimate');
  });

  it('skips the estimate when the inspection recommends nothing and none was started', () => {
    expect(orderNextStep(order({ inspection: 'done' }, { recommendsWork: false }))).toBe('sendReport');
  });

  it('keeps an estimate already started, even when nothing is recommended', () => {
    expect(orderNextStep(order({ inspection: 'done', estimate: 'inProgress' }, { recommendsWork: false }))).toBe(
      'estimate',
    );
  });

  it('asks to send the report once the estimate is done, until it is sent', () => {
    for (const report of ['notStarted', 'pending', 'inProgress'] as const) {
      expect(orderNextStep(order({ inspection: 'done', estimate: 'done', report }))).toBe('sendReport');
    }
  });

  it('asks to close once the report is sent', () => {
    expect(orderNextStep(order({ inspection: 'done', estimate: 'done', report: 'done' }))).toBe('close');
    expect(orderNextStep(order({ inspection: 'done', report: 'done' }, { recommendsWork: false }))).toBe('close');
  });

  it('asks nothing of a closed order', () => {
    expect(orderNextStep(order({}, { closed: true }))).toBeNull();
    expect(orderNextStep(order({ inspection: 'done', estimate: 'done', report: 'done' }, { closed: true }))).toBeNull();
  });
});

describe('resultsRecommendWork', () => {
  it('is true for any warning or critical result', () => {
    expect(resultsRecommendWork([{ result: 'okay' }, { result: 'warning' }])).toBe(true);
    expect(resultsRecommendWork([{ result: 'critical' }])).toBe(true);
  });

  it('is false for okay, not applicable, blank or no results', () => {
    expect(resultsRecommendWork([{ result: 'okay' }, { result: 'na' }, { result: null }])).toBe(false);
    expect(resultsRecommendWork([])).toBe(false);
  });
});

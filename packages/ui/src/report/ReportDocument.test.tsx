// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { approvedTotalOf, formatMoney, type CustomerDecision, type ReportItem, type ReportView } from '@servicebay/domain';
import { ReportDocument } from './ReportDocument.js';
import { renderWithUi } from '../testing/render.js';

afterEach(cleanup);

const amounts = (labour: number, parts = 0) => ({ labour, parts, fees: 0, subtotal: labour + parts });

function item(resultId: string, name: string, result: ReportItem['result'], price: number, extra: Partial<ReportItem> = {}): ReportItem {
  const lines = price > 0 || result !== 'okay' ? [{ description: `${name} — work`, labourHours: 1, amounts: amounts(price) }] : [];
  return {
    resultId,
    itemKey: resultId,
    name,
    result,
    finding: result === 'okay' ? 'Good' : 'Worn',
    recommendation: result === 'okay' ? null : 'Replace',
    note: null,
    measurement: null,
    pictures: [],
    videos: [],
    lines,
    subtotal: price,
    decidable: result !== 'okay' && price > 0,
    decision: null,
    decidedAt: null,
    deferredIgnoredByCustomer: false,
    ...extra,
  };
}

/** Brakes first in the inspection (a warning), the critical battery later, wipers priced at zero, four good items. */
function report(language: 'en' | 'fr' = 'en'): ReportView {
  return {
    inspectionOrderId: 'o1',
    language,
    shop: { name: 'Downtown', phone: null, email: null, address: null, theme: 'default' },
    customerName: 'Jane Doe',
    vehicle: { description: '2019 Honda Civic', licensePlate: null, vin: null },
    mileageIn: 61000,
    orderNumber: '10261',
    date: '2026-11-20T15:00:00Z',
    timePromised: null,
    counts: { okay: 4, warning: 2, critical: 1 },
    groups: [
      {
        key: 'brakes',
        name: 'Brakes',
        sections: [
          {
            key: 'front',
            name: 'Front',
            items: [
              item('pads', 'Front brake pads', 'warning', 10000),
              item('rotors', 'Front rotors', 'okay', 0),
              item('calipers', 'Front calipers', 'okay', 0),
            ],
          },
        ],
      },
      {
        key: 'underHood',
        name: 'Under the hood',
        sections: [
          {
            key: 'electrical',
            name: 'Electrical',
            items: [
              item('battery', 'Battery', 'critical', 20000),
              item('wipers', 'Wiper blades', 'warning', 0),
              item('oil', 'Engine oil', 'okay', 0),
              item('coolant', 'Coolant', 'okay', 0),
            ],
          },
        ],
      },
    ],
    estimate: {
      version: 3,
      currency: 'CAD',
      otherLines: [],
      taxes: [
        { name: language === 'fr' ? 'TPS' : 'GST', ratePercent: 5, onLabour: true, onParts: true, onFees: true, amount: 1500 },
        { name: language === 'fr' ? 'TVQ' : 'QST', ratePercent: 9.975, onLabour: true, onParts: true, onFees: true, amount: 2993 },
      ],
      totals: { subtotal: 30000, tax: 4493, total: 34493, approvedTotal: 0 },
    },
    reportStatus: 'reading',
    closed: false,
    viewer: { via: 'link', canDecide: true, canShare: true },
  };
}

describe('the report on a phone', () => {
  it('leads with the decisions, critical first, each with its price and Approve / Decline', () => {
    const { container } = renderWithUi(<ReportDocument report={report()} onChoose={() => {}} />);
    const decisions = container.querySelector<HTMLElement>('[data-section="decisions"]')!;
    const cards = [...decisions.querySelectorAll<HTMLElement>('.sb-report-item')];
    expect(cards.map((c) => c.dataset.result)).toEqual(['battery', 'pads']);
    expect(within(cards[0]!).getByText('Under the hood · Electrical')).toBeTruthy();
    expect(within(cards[0]!).getAllByText('$200.00')).toHaveLength(2);
    expect(within(cards[0]!).getByRole('button', { name: 'Approve' })).toBeTruthy();
    expect(within(cards[0]!).getByRole('button', { name: 'Decline' })).toBeTruthy();
    // The decisions come before the estimate, the estimate before the good items.
    const order = [...container.querySelectorAll('[data-section], [aria-labelledby="sb-report-estimate"]')].map(
      (e) => e.getAttribute('data-section') ?? 'estimate',
    );
    expect(order).toEqual(['decisions', 'information', 'estimate', 'okay']);
  });

  it('shows an item priced at zero as information: no price, no Approve / Decline', () => {
    const { container } = renderWithUi(<ReportDocument report={report()} onChoose={() => {}} />);
    const information = container.querySelector<HTMLElement>('[data-section="information"]')!;
    expect(within(information).getByText('For your information')).toBeTruthy();
    const wipers = information.querySelector<HTMLElement>('[data-result="wipers"]')!;
    expect(within(wipers).queryByRole('button')).toBeNull();
    expect(within(wipers).queryByText(/CA\$/)).toBeNull();
  });

  it('folds the good items under their count, and unfolds them to print', () => {
    const { container } = renderWithUi(<ReportDocument report={report()} />);
    const fold = screen.getByRole('button', { name: '4 items OK' });
    expect(fold.getAttribute('aria-expanded')).toBe('false');
    expect(container.querySelectorAll('.sb-report-okay-items .sb-report-item')).toHaveLength(0);
    fireEvent.click(fold);
    expect(fold.getAttribute('aria-expanded')).toBe('true');
    expect(container.querySelectorAll('.sb-report-okay-items .sb-report-item')).toHaveLength(4);
    fireEvent.click(fold);
    expect(container.querySelectorAll('.sb-report-okay-items .sb-report-item')).toHaveLength(0);
    fireEvent(window, new Event('beforeprint'));
    expect(container.querySelectorAll('.sb-report-okay-items .sb-report-item')).toHaveLength(4);
  });

  it('shows as "Total approved" what the sign sheet will say: the choices not yet signed, with taxes', () => {
    const choices = new Map<string, CustomerDecision>([
      ['battery', 'approved'],
      ['pads', 'declined'],
    ]);
    const view = report();
    renderWithUi(<ReportDocument report={view} choices={choices} onChoose={() => {}} />);
    // $200 + 5 % + 9.975 %: the figure the sign sheet shows (approvedTotalOf), not the server's 0 before signing.
    expect(approvedTotalOf(view, choices)).toBe(22995);
    expect(screen.getByText('$229.95').getAttribute('data-total')).toBe('approved');
    expect(document.querySelector('[data-total="approved"]')!.textContent).toBe(
      formatMoney(approvedTotalOf(view, choices), 'CAD', 'en'),
    );
  });

  it('speaks French with its punctuation: "Constat :", taxes by their French name, "9,975 %"', () => {
    const { container } = renderWithUi(<ReportDocument report={report('fr')} onChoose={() => {}} />, { language: 'fr' });
    // As written, no-break spaces and all (testing-library would otherwise fold them into spaces).
    const exact = { normalizer: (text: string) => text };
    expect(screen.getAllByText('Constat\u00a0:', exact).length).toBeGreaterThan(0);
    const estimate = container.querySelector<HTMLElement>('[aria-labelledby="sb-report-estimate"]')!;
    expect(within(estimate).getByText('TPS (5\u00a0%)', exact)).toBeTruthy();
    expect(within(estimate).getByText('TVQ (9,975\u00a0%)', exact)).toBeTruthy();
    expect(screen.getByRole('button', { name: '4 points OK' })).toBeTruthy();
    expect(screen.getByText('Vos décisions')).toBeTruthy();
  });
});

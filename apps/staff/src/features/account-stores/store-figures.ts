import { formatMoney, type StoreFigures } from '@servicebay/domain';

/** A share as a whole percentage in the user's language: "58%", "58 %" in French. */
export function formatRate(ratio: number, language: string): string {
  return new Intl.NumberFormat(language === 'fr' ? 'fr-CA' : 'en-US', { style: 'percent', maximumFractionDigits: 0 }).format(ratio);
}

/**
 * What a store card shows of its day: the car count, the average repair order in the store's
 * currency and the approval rate; null where no customer decided yet (the card shows a dash).
 */
export function todayTexts(figures: StoreFigures, language: string) {
  return {
    cars: new Intl.NumberFormat(language === 'fr' ? 'fr-CA' : 'en-US').format(figures.carCount),
    averageRepairOrder: figures.averageRepairOrder === null ? null : formatMoney(figures.averageRepairOrder, figures.currency, language),
    approvalRate: figures.approvalRate === null ? null : formatRate(figures.approvalRate, language),
  };
}

import { accountStoreFiguresRoute } from '@servicebay/domain';
import { implement } from '../../platform/http/registrar.js';
import type { StoreFiguresService } from './store-figures.service.js';

export function analyticsRoutes({ figures }: { figures: StoreFiguresService }) {
  return [implement(accountStoreFiguresRoute, ({ params, query }) => figures.accountStoreFigures(params.accountId, query))];
}

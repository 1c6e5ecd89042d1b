import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import type { RepairOrder } from '@servicebay/domain';
import { useServices } from '../../context.js';
import { useSignedIn } from '../../session/signed-in.js';
import { findLegacyOrder } from './estimate-api.js';

/**
 * The order an older path (`:inspectionOrderId`, no store) names, for its redirect: undefined
 * while it is looked up (the user's store, then the other stores of the account), null when none
 * of them has it.
 */
export function useLegacyOrder(): RepairOrder | null | undefined {
  const { api } = useServices();
  const { user } = useSignedIn();
  const { inspectionOrderId = '' } = useParams();
  const [found, setFound] = useState<RepairOrder | null | undefined>(undefined);

  useEffect(() => {
    const controller = new AbortController();
    const signal = controller.signal;
    findLegacyOrder(api, { storeId: user.storeId, accountId: user.accountId }, inspectionOrderId, signal).then(
      setFound,
      () => !signal.aborted && setFound(null),
    );
    return () => controller.abort();
  }, [api, user.storeId, user.accountId, inspectionOrderId]);

  return found;
}

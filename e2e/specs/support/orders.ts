import type { APIRequestContext } from '@playwright/test';
import { expect } from '@playwright/test';

/** What the specs call the API with: a signed-in user's token and store. */
export interface OrdersApi {
  claims: { id: string; storeId: string };
  get<T>(path: string, params?: Record<string, string>): Promise<T>;
  post<T>(path: string, data?: unknown): Promise<T>;
}

type ItemsOfType = {
  groups: Array<{ sections: Array<{ items: Array<{ itemKey: string; required: boolean }> }> }>;
};

/** The store's "Quick photo inspection" (a product template, seeded by the migration). */
export async function quickInspectionId(api: OrdersApi): Promise<string> {
  const types = await api.get<{ _embedded: { inspectionType: Array<{ _id: string; name: string }> } }>(
    `/v2/api/store/${api.claims.storeId}/inspectionType`,
    { fields: '_id,name' },
  );
  return types._embedded.inspectionType.find((x) => x.name === 'Quick photo inspection')!._id;
}

/**
 * Answers every required item of the order's quick inspection as okay, through the API, so the
 * finish checks (docs/inspections.md "Finishing") let it be finished.
 */
export async function answerRequiredItems(api: OrdersApi, orderId: string, inspectionTypeId: string) {
  const store = `/v2/api/store/${api.claims.storeId}`;
  const type = await api.get<ItemsOfType>(`${store}/inspection/${inspectionTypeId}`);
  for (const item of type.groups
    .flatMap((g) => g.sections.flatMap((x) => x.items))
    .filter((i) => i.required)) {
    await api.post(`${store}/inspectionOrder/${orderId}/result`, { itemKey: item.itemKey, result: 'okay' });
  }
}

/** A token-carrying API for specs that hold a token outside a page. */
export function apiWithToken(request: APIRequestContext, token: string): OrdersApi & { put<T>(path: string, data?: unknown): Promise<T> } {
  const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as {
    id: string;
    storeId: string;
  };
  const headers = { Authorization: `Bearer ${token}` };
  return {
    claims,
    async get<T>(path: string, params?: Record<string, string>) {
      const answer = await request.get(path, { headers, params });
      expect(answer.status(), `GET ${path}`).toBeLessThan(300);
      return (await answer.json()) as T;
    },
    async post<T>(path: string, data?: unknown) {
      const answer = await request.post(path, { headers, data });
      expect(answer.status(), `POST ${path}: ${await answer.text()}`).toBeLessThan(300);
      return (await answer.json()) as T;
    },
    async put<T>(path: string, data?: unknown) {
      const answer = await request.put(path, { headers, data });
      expect(answer.status(), `PUT ${path}: ${await answer.text()}`).toBeLessThan(300);
      return (await answer.json()) as T;
    },
  };
}

import type { Db } from '../../platform/db/client.js';
import { createDemoRepository } from './demo.repository.js';
import { DEMO_PORTAL_USERS } from './demo.portal.js';

/** Jane's to-do list in MyCar (docs/portal.md): a few items on each of her two cars, some from the often-required work. */
const JANE_TODOS: ReadonlyArray<ReadonlyArray<{ value: string; itemId?: string }>> = [
  [{ value: 'Ask about the rattle in the rear door' }, { value: 'Install winter tires', itemId: 'winter-tires' }],
  [{ value: 'Replace the wiper blades' }, { value: 'Check the spare tire pressure' }, { value: 'Test the battery', itemId: 'battery-test' }],
];

export async function seedDemoTodos(db: Db, storeId: string): Promise<void> {
  const repo = createDemoRepository(db);
  const cars = await repo.householdVehiclesOf(storeId, DEMO_PORTAL_USERS[0].username);
  const now = Date.now();
  await repo.insertTodos(
    cars.flatMap((car, i) =>
      (JANE_TODOS[i] ?? []).map((todo, n) => ({
        storeId,
        vehicleId: car.id,
        value: todo.value,
        itemId: todo.itemId ?? null,
        // A minute apart in the order listed: the list is oldest first.
        createdAt: new Date(now - (10 - n) * 60_000),
      })),
    ),
  );
}

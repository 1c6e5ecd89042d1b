/**
 * The dashboard's first read (store, customer with the fleet logo, vehicles) is cached under keys
 * that start with ['portal-dashboard', customerId]: the picture and logo uploads invalidate that
 * prefix to show what was saved.
 */
export const portalDashboardKey = (customerId: string) => ['portal-dashboard', customerId] as const;

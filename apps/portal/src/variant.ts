/** The car variant or the fleet variant of the portal, chosen by the path. */
export type PortalVariant = 'car' | 'fleet';

export function variantOf(pathname: string): PortalVariant {
  return /^\/my-fleet(\/|$)/.test(pathname) ? 'fleet' : 'car';
}

/** The variant's own area: /my-car or /my-fleet. */
export function basePathOf(variant: PortalVariant): string {
  return variant === 'fleet' ? '/my-fleet' : '/my-car';
}

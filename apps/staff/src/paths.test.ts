import { describe, expect, it } from 'vitest';
import { isPublicPath, routerPath } from './paths.js';

describe('staff paths', () => {
  it('turns the full paths of the domain into router paths, and leaves the portal outside', () => {
    expect(routerPath('/app/store/workers')).toBe('/store/workers');
    expect(routerPath('/app/store/dashboard?variant=advisor')).toBe('/store/dashboard?variant=advisor');
    expect(routerPath('/app')).toBe('/');
    expect(routerPath('/my-car/user/c1')).toBeNull();
    expect(routerPath('/application')).toBeNull();
  });

  it('knows the pages where a refused token must not sign anyone out', () => {
    expect(isPublicPath('/app/login')).toBe(true);
    expect(isPublicPath('/app/login/')).toBe(true);
    expect(isPublicPath('/app/reset/password')).toBe(true);
    expect(isPublicPath('/login')).toBe(true);
    expect(isPublicPath('/app/store/dashboard')).toBe(false);
  });
});

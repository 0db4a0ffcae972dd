import { isActiveLink } from './navigation';

it('lights Dashboard on / and /dashboard, and a section on its sub-pages', () => {
  expect(isActiveLink('/', '/')).toBe(true);
  expect(isActiveLink('/dashboard', '/')).toBe(true);
  expect(isActiveLink('/signals', '/')).toBe(false);
  expect(isActiveLink('/reports/abc', '/reports')).toBe(true);
  expect(isActiveLink('/reportsx', '/reports')).toBe(false);
});

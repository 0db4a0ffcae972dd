import { isAllowedOrigin } from './origin';

it('allows the same origin and clients that send none', () => {
  expect(isAllowedOrigin('http://localhost:3000', 'localhost:3000')).toBe(true);
  expect(isAllowedOrigin(undefined, 'localhost:3000')).toBe(true);
});

it('refuses other sites, other ports and malformed origins', () => {
  expect(isAllowedOrigin('https://evil.example', 'localhost:3000')).toBe(false);
  expect(isAllowedOrigin('http://localhost:4000', 'localhost:3000')).toBe(false);
  expect(isAllowedOrigin('null', 'localhost:3000')).toBe(false);
});

it('allows configured extra origins', () => {
  expect(isAllowedOrigin('https://app.example.com', 'internal:3000', ['https://app.example.com'])).toBe(true);
});

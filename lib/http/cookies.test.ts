import { cookieReader, readCookie } from './cookies';

describe('cookieReader', () => {
  const headers = [
    'a=1; b=2',
    ' a = 1 ;b=two%20words; c',
    'session=x; session=y',
    'bad=%E0%A4%A; good=%F0%9F%98%80',
    'eq=a=b=c; empty=',
    '',
  ];
  const names = ['a', 'b', 'c', 'session', 'bad', 'good', 'eq', 'empty', 'missing'];

  it.each(headers)('reads %j as readCookie does', (header) => {
    const read = cookieReader(header);
    for (const name of names) expect(read(name)).toBe(readCookie(header, name));
  });

  it('reads nothing without a header', () => {
    expect(cookieReader(null)('a')).toBeUndefined();
    expect(cookieReader(undefined)('a')).toBeUndefined();
  });
});

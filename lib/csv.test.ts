import { parseCsv } from './csv';

describe('parseCsv', () => {
  it('reads quoted fields with commas, doubled quotes and line breaks', () => {
    const csv = 'name,notes\r\n"Strategy, Inc.","said ""BTC Update""\nsecond line"\r\nMARA,\n';
    expect(parseCsv(csv)).toEqual([
      { name: 'Strategy, Inc.', notes: 'said "BTC Update"\nsecond line' },
      { name: 'MARA', notes: '' },
    ]);
  });

  it('fills missing trailing cells with empty strings and skips blank lines', () => {
    expect(parseCsv('a,b,c\n1\n\n2,3,4')).toEqual([
      { a: '1', b: '', c: '' },
      { a: '2', b: '3', c: '4' },
    ]);
  });

  it('ignores a byte-order mark', () => {
    expect(parseCsv('\ufeffticker\nMSTR')).toEqual([{ ticker: 'MSTR' }]);
  });

  it('refuses an unterminated quote rather than guessing', () => {
    expect(() => parseCsv('a\n"open')).toThrow('Unterminated quoted field in CSV');
  });
});

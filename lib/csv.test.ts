import { csvCell, csvCommentLines, csvLine, parseCsv } from './csv';

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

describe('CSV cells', () => {
  it('quotes what needs quoting and leaves numbers alone', () => {
    expect(csvLine(['a', 'b,c', 'say "hi"', 'two\nlines', 1.5, -2, null])).toBe('a,"b,c","say ""hi""","two\nlines",1.5,-2,\r\n');
    expect(csvCell(Number.NaN)).toBe('');
    expect(csvLine([true, false, undefined])).toBe('true,false,\r\n');
  });

  it('defuses text a spreadsheet would run as a formula', () => {
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-1')).toBe("'-1");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('=A1,B1')).toBe(`"'=A1,B1"`);
  });

  it('writes one comment line per fact, never breaking a line', () => {
    expect(csvCommentLines(['Title', 'As of: x\r\ny'])).toBe('# Title\r\n# As of: x y\r\n');
  });
});

import { readFixture } from '@/test/support/edgar';
import { ownershipXml, parseFilingIndex, pressReleaseExhibits, primaryDocument } from './filing-index';

// Real: the Filing Detail page of a Form 4 (Morningstar, 0001062993-24-010733).
const documents = () => parseFilingIndex(readFixture('sec/filing-index/0001062993-24-010733-index.htm').toString('utf8'));

it('lists the documents with their type and size', () => {
  expect(documents()).toEqual([
    { seq: '1', description: 'STATEMENT OF CHANGES IN BENEFICIAL OWNERSHIP OF SECURITIES', href: '/Archives/edgar/data/1289419/000106299324010733/xslF345X05/form4.xml', type: '4', size: undefined },
    { seq: '1', description: 'STATEMENT OF CHANGES IN BENEFICIAL OWNERSHIP OF SECURITIES', href: '/Archives/edgar/data/1289419/000106299324010733/form4.xml', type: '4', size: 17631 },
    { seq: '', description: 'Complete submission text file', href: '/Archives/edgar/data/1289419/000106299324010733/0001062993-24-010733.txt', type: '', size: 19083 },
  ]);
});

it('finds the raw ownership XML, not the XSL-rendered copy', () => {
  expect(ownershipXml(documents())?.href).toBe('/Archives/edgar/data/1289419/000106299324010733/form4.xml');
});

it("picks an 8-K's primary document and its press-release exhibits", () => {
  const eightK = [
    { seq: '1', description: '8-K', href: '/a/ea191807-8k_datchat.htm', type: '8-K', size: 47202 },
    { seq: '2', description: 'UNDERWRITING AGREEMENT', href: '/a/ea191807ex1-1_datchat.htm', type: 'EX-1.1', size: 404518 },
    { seq: '3', description: 'PRESS RELEASE', href: '/a/ea191807ex99-1_datchat.htm', type: 'EX-99.1', size: 9363 },
    { seq: '4', description: 'GRAPHIC', href: '/a/ex99-1_001.jpg', type: 'GRAPHIC', size: 14543 },
  ];
  expect(primaryDocument(eightK, '8-K')?.href).toBe('/a/ea191807-8k_datchat.htm');
  expect(primaryDocument(eightK, '8-K/A')?.href).toBe('/a/ea191807-8k_datchat.htm');
  expect(pressReleaseExhibits(eightK).map((document) => document.href)).toEqual(['/a/ea191807ex99-1_datchat.htm']);
});

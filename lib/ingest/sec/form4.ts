import { parseAmount, xmlBlocks, xmlText } from '../text';
import { cikDigits } from './urls';

// Form 3/4/5 `ownershipDocument` XML (EDGAR ownership schema X0306 and earlier).

export interface ReportingOwner {
  cik: string;
  name: string;
  isDirector: boolean;
  isOfficer: boolean;
  isTenPercentOwner: boolean;
  officerTitle: string | undefined;
  /** "Chief Financial Officer", "Director", "10% owner"… joined. */
  role: string | undefined;
}

export interface OwnershipTransaction {
  table: 'non-derivative' | 'derivative';
  /** Position within its table, for a stable id. */
  index: number;
  security: string;
  date: string;
  /** P purchase, S sale, A grant, M option exercise, F tax withholding, G gift… */
  code: string;
  shares: number;
  pricePerShare: number | undefined;
  acquiredDisposed: 'A' | 'D';
  sharesOwnedAfter: number | undefined;
  directOrIndirect: 'D' | 'I' | undefined;
}

export interface OwnershipDocument {
  documentType: string;
  periodOfReport: string | undefined;
  issuer: { cik: string; name: string; ticker: string | undefined };
  owners: ReportingOwner[];
  transactions: OwnershipTransaction[];
}

const isTrue = (value: string | undefined) => value === '1' || value?.toLowerCase() === 'true';
const valueOf = (xml: string, tag: string) => {
  const block = xmlBlocks(xml, tag)[0];
  return block === undefined ? undefined : (xmlText(block, 'value') ?? xmlText(`<x>${block}</x>`, 'x'));
};

export function parseOwnershipDocument(xml: string): OwnershipDocument {
  const root = xmlBlocks(xml, 'ownershipDocument')[0];
  if (root === undefined) throw new Error('Not an ownership document: no <ownershipDocument> element');
  const issuer = xmlBlocks(root, 'issuer')[0] ?? '';
  const owners = xmlBlocks(root, 'reportingOwner').map((owner): ReportingOwner => {
    const relationship = xmlBlocks(owner, 'reportingOwnerRelationship')[0] ?? '';
    const isDirector = isTrue(xmlText(relationship, 'isDirector'));
    const isOfficer = isTrue(xmlText(relationship, 'isOfficer'));
    const isTenPercentOwner = isTrue(xmlText(relationship, 'isTenPercentOwner'));
    const officerTitle = xmlText(relationship, 'officerTitle') || undefined;
    const otherText = xmlText(relationship, 'otherText') || undefined;
    const roles = [
      isOfficer ? (officerTitle ?? 'Officer') : undefined,
      isDirector ? 'Director' : undefined,
      isTenPercentOwner ? '10% owner' : undefined,
      isTrue(xmlText(relationship, 'isOther')) ? (otherText ?? 'Other') : undefined,
    ].filter((role): role is string => Boolean(role));
    return {
      cik: cikDigits(xmlText(owner, 'rptOwnerCik') ?? ''),
      name: xmlText(owner, 'rptOwnerName') ?? 'Unknown reporting owner',
      isDirector,
      isOfficer,
      isTenPercentOwner,
      officerTitle,
      role: roles.length ? roles.join(', ') : undefined,
    };
  });

  const transactions: OwnershipTransaction[] = [];
  const tables = [
    ['non-derivative', xmlBlocks(root, 'nonDerivativeTransaction')],
    ['derivative', xmlBlocks(root, 'derivativeTransaction')],
  ] as const;
  for (const [table, rows] of tables) {
    rows.forEach((row, index) => {
      const shares = parseAmount(valueOf(row, 'transactionShares'));
      const code = xmlText(row, 'transactionCode') ?? '';
      const direction = valueOf(row, 'transactionAcquiredDisposedCode');
      const date = valueOf(row, 'transactionDate');
      if (shares === undefined || !date || (direction !== 'A' && direction !== 'D')) return;
      const ownership = valueOf(row, 'directOrIndirectOwnership');
      transactions.push({
        table,
        index,
        security: valueOf(row, 'securityTitle') ?? '',
        date: date.slice(0, 10),
        code,
        shares,
        pricePerShare: parseAmount(valueOf(row, 'transactionPricePerShare')),
        acquiredDisposed: direction,
        sharesOwnedAfter: parseAmount(valueOf(row, 'sharesOwnedFollowingTransaction')),
        directOrIndirect: ownership === 'D' || ownership === 'I' ? ownership : undefined,
      });
    });
  }

  return {
    documentType: xmlText(root, 'documentType') ?? '',
    periodOfReport: xmlText(root, 'periodOfReport'),
    issuer: {
      cik: cikDigits(xmlText(issuer, 'issuerCik') ?? ''),
      name: xmlText(issuer, 'issuerName') ?? '',
      ticker: xmlText(issuer, 'issuerTradingSymbol') || undefined,
    },
    owners,
    transactions,
  };
}

import { z } from 'zod';
import { cikDigits } from './urls';

// data.sec.gov/submissions/CIK##########.json. `filings.recent` is columnar: parallel arrays, one
// index per filing, newest first (older filings sit in the files `filings.files` lists).

const column = <T extends z.ZodType>(item: T) => z.array(item).optional();

const submissionsSchema = z.object({
  cik: z.union([z.string(), z.number()]),
  name: z.string(),
  tickers: z.array(z.string()).optional(),
  exchanges: z.array(z.string().nullable()).optional(),
  filings: z.object({
    recent: z.object({
      accessionNumber: z.array(z.string()),
      filingDate: column(z.string()),
      reportDate: column(z.string()),
      acceptanceDateTime: column(z.string()),
      form: z.array(z.string()),
      items: column(z.string()),
      primaryDocument: column(z.string()),
      primaryDocDescription: column(z.string()),
    }),
  }),
});

interface SubmissionFiling {
  accession: string;
  form: string;
  filingDate: string;
  reportDate: string | undefined;
  acceptedAt: Date | undefined;
  items: string[];
  primaryDocument: string | undefined;
}

export interface Submissions {
  cik: string;
  name: string;
  tickers: string[];
  filings: SubmissionFiling[];
}

export function parseSubmissions(json: unknown): Submissions {
  const data = submissionsSchema.parse(json);
  const recent = data.filings.recent;
  const filings = recent.accessionNumber.map((accession, index): SubmissionFiling => {
    const accepted = recent.acceptanceDateTime?.[index];
    return {
      accession,
      form: (recent.form[index] ?? '').toUpperCase(),
      filingDate: recent.filingDate?.[index] ?? '',
      reportDate: recent.reportDate?.[index] || undefined,
      acceptedAt: accepted ? new Date(accepted) : undefined,
      items: (recent.items?.[index] ?? '').split(',').map((item) => item.trim()).filter(Boolean),
      primaryDocument: recent.primaryDocument?.[index] || undefined,
    };
  });
  return { cik: cikDigits(data.cik), name: data.name, tickers: data.tickers ?? [], filings };
}

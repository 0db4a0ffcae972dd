import { z } from 'zod';
import { sectors } from '@/lib/treasury/aggregates';

// Bodies and answers of the three chat calls (spec 001 §3, §7); safe to import from client components.

export const chatMessageSchema = z.object({
  message: z
    .string({ error: 'Enter a message.' })
    .trim()
    .min(1, 'Enter a message.')
    .max(2000, 'Messages are at most 2,000 characters.'),
});

/** Bitcoin's supply cap: no company can hold more. */
const maxBtc = 21_000_000;

const companyInfoSchema = z.object({
  name: z.string({ error: 'Enter the company name.' }).trim().min(1, 'Enter the company name.').max(200, 'Company names are at most 200 characters.'),
  ticker: z
    .string({ error: 'Enter the ticker.' })
    .trim()
    .min(1, 'Enter the ticker.')
    .max(15, 'Tickers are at most 15 characters.')
    .transform((ticker) => ticker.toUpperCase())
    .pipe(z.string().regex(/^[A-Z0-9][A-Z0-9.\-]*$/, 'Tickers use letters, digits, dots and dashes.')),
  exchange: z
    .string({ error: 'Exchange names are text.' })
    .trim()
    .max(20, 'Exchange names are at most 20 characters.')
    .nullish()
    .transform((exchange) => (exchange ? exchange.toUpperCase() : 'OTHER')),
  sector: z
    .string({ error: 'Sectors are text.' })
    .trim()
    .nullish()
    .transform((sector) => sectors.find((known) => known.toLowerCase() === sector?.toLowerCase()) ?? 'Other'),
  country: z.string({ error: 'Country names are text.' }).trim().max(60, 'Country names are at most 60 characters.').nullish().transform((country) => country || null),
  btcHoldings: z.coerce
    .number({ error: 'Bitcoin holdings must be a number.' })
    .refine(Number.isFinite, 'Bitcoin holdings must be a number.')
    .min(0, 'Bitcoin holdings cannot be negative.')
    .max(maxBtc, 'Bitcoin holdings cannot exceed 21,000,000 BTC.'),
  marketCapUsd: z.coerce
    .number({ error: 'Market capitalisation must be a number.' })
    .refine(Number.isFinite, 'Market capitalisation must be a number.')
    .positive('Market capitalisation must be above 0.')
    .nullish().transform((value) => value ?? null),
}, { error: 'Give the company details (companyInfo).' });

export const addCompanySchema = z.object({
  companyInfo: companyInfoSchema,
  // The preliminary analysis the user saw; the server recomputes the metrics from stored data.
  analysis: z.record(z.string(), z.unknown(), { error: 'analysis must be an object.' }).nullish(),
});
export type AddCompanyInput = z.infer<typeof addCompanySchema>;

export interface SuggestedAction {
  label: string;
  /** add_company: POST /api/chat/add-company with data; ask: send data.message as the next message. */
  action: 'add_company' | 'ask';
  data: Record<string, unknown>;
}

export interface TreasuryAnalysis {
  companyId: string | null;
  /** The tracked company's page (/companies/{slug}); null for a company not tracked. */
  companyPath: string | null;
  name: string;
  ticker: string | null;
  tracked: boolean;
  healthGrade: string;
  aiRiskScore: number;
  convictionScore: number;
  governanceScore: number;
  premiumToNav: number | null;
  bitcoinYield: number | null;
  btcHoldings: number;
  holdingsAsOf: string | null;
  source: string | null;
  /** The metrics that fell back to the spec's defaults for want of inputs. */
  defaults: string[];
}

export interface ChatResponse {
  message: string;
  suggestedActions: SuggestedAction[];
  treasuryAnalysis: TreasuryAnalysis | null;
  /** Who wrote the prose: the configured language model, or the built-in template. */
  generatedBy: 'llm' | 'template';
}

export interface CompanyAnalysis {
  aiRiskScore: number;
  convictionScore: number;
  healthGrade: string;
  governanceScore: number;
  analysis: string;
}

export interface CompanyInfo {
  id?: string;
  name: string;
  ticker: string | null;
  exchange: string | null;
  sector: string;
  country: string | null;
  btcHoldings: number;
  holdingsAsOf: string | null;
  source: string | null;
  marketCapUsd: number | null;
  tracked: boolean;
}

export interface AnalyzeCompanyResponse {
  analysis: CompanyAnalysis;
  companyInfo: CompanyInfo;
  treasuryAnalysis: TreasuryAnalysis;
  suggestedActions: SuggestedAction[];
  generatedBy: 'llm' | 'template';
}

export interface AddCompanyResponse {
  message: string;
  company: {
    id: string;
    name: string;
    ticker: string;
    exchange: string;
    sector: string;
    country: string | null;
    btcHoldings: number;
    holdingsAsOf: string;
    source: string;
    metrics: { healthGrade: string; aiRiskScore: number; convictionScore: number; governanceScore: number; defaults: string[] };
  };
}

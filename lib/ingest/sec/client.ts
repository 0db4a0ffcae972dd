import type { IngestConfig } from '../../data-sources/config';
import { decodeBody, getWithRetry, sharedLimiter } from '../http';
import { paddedCik, rebase } from './urls';

// SEC fair access (sec.gov/os/accessing-edgar-data): a declared User-Agent with a contact address,
// and no more than 10 requests a second per user across www.sec.gov and data.sec.gov. One limiter
// for both hosts, 100 ms apart, shared by every run in the process.

const secMinGapMs = 100;

export class SecClient {
  constructor(
    private readonly settings: Pick<IngestConfig['sec'], 'baseUrl' | 'dataBaseUrl'> & { userAgent: string },
    private readonly timeoutMs: number,
  ) {}

  feedUrl(form: string): string {
    const query = new URLSearchParams({ action: 'getcurrent', count: '100', type: form, owner: 'include', output: 'atom' });
    return `${this.settings.baseUrl}/cgi-bin/browse-edgar?${query}`;
  }

  submissionsUrl(cik: string): string {
    return `${this.settings.dataBaseUrl}/submissions/CIK${paddedCik(cik)}.json`;
  }

  companyFactsUrl(cik: string): string {
    return `${this.settings.dataBaseUrl}/api/xbrl/companyfacts/CIK${paddedCik(cik)}.json`;
  }

  /** A root-relative archive path (/Archives/edgar/data/…) on the configured host. */
  archiveUrl(path: string): string {
    return `${this.settings.baseUrl}${path.startsWith('/') ? path : `/${path}`}`;
  }

  /** A www.sec.gov link (as the feed gives them) on the configured host. */
  fromPublicUrl(url: string): string {
    return rebase(url, this.settings.baseUrl);
  }

  async getText(url: string, maxBytes?: number): Promise<string> {
    const body = await getWithRetry(url, {
      headers: { 'User-Agent': this.settings.userAgent, Accept: '*/*' },
      timeoutMs: this.timeoutMs,
      limiter: sharedLimiter('sec', secMinGapMs),
      maxBytes,
    });
    return decodeBody(body);
  }

  async getJson(url: string): Promise<unknown> {
    const text = await this.getText(url);
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new Error(`GET ${url} did not return JSON`);
    }
  }
}

import { appLink } from '../mail/config';
import { companyPath } from '../treasury/company-path';
import type { SlugIndex } from '../treasury/slugs';

/** The link of a signal's company page in a mail (absolute, from the configured public URL); none without a company. */
export function companyPageLinks(slugs: SlugIndex, companyId: string | null): { label: string; url: string }[] {
  const slug = companyId ? slugs.slugOf(companyId) : undefined;
  return slug ? [{ label: 'Company page', url: appLink(companyPath(slug)) }] : [];
}

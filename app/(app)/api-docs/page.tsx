import type { Metadata } from 'next';
import { headers } from 'next/headers';
import Link from 'next/link';
import { ApiDocsView } from '@/components/api-docs/api-docs-view';
import { PageHeader } from '@/components/shell/page-header';
import { Button } from '@/components/ui/button';
import { buildOpenApiDocument } from '@/lib/api-v1/openapi';
import { guardPage } from '@/lib/auth/page-guard';
import { db } from '@/lib/db';

export const metadata: Metadata = { title: 'API Documentation' };
export const dynamic = 'force-dynamic';

/** The read API's documentation (issue 17), rendered from the same OpenAPI document /api/v1/openapi.json serves. */
export default async function ApiDocsPage() {
  if (!(await guardPage(db, '/api-docs'))) return null;
  const requestHeaders = await headers();
  const host = requestHeaders.get('host') ?? 'localhost:3000';
  const protocol = requestHeaders.get('x-forwarded-proto')?.split(',')[0]?.trim() || (host.startsWith('localhost') || host.startsWith('127.') ? 'http' : 'https');
  return (
    <>
      <PageHeader title="API Documentation" description="Read everything the screens show from your own code: curl, Python or a spreadsheet.">
        <Button asChild variant="outline">
          <a href="/api/v1/openapi.json">OpenAPI 3.1 (JSON)</a>
        </Button>
        <Button asChild>
          <Link href="/settings">Manage API Keys</Link>
        </Button>
      </PageHeader>
      <ApiDocsView document={buildOpenApiDocument()} baseUrl={`${protocol}://${host}`} />
    </>
  );
}

import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import type { buildOpenApiDocument } from '@/lib/api-v1/openapi';

// Renders the OpenAPI document of /api/v1 with runnable examples. A server component: no state.

type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>;
interface Parameter {
  name: string;
  in: string;
  description?: string;
  schema: { type?: string; enum?: string[]; default?: unknown; minimum?: number; maximum?: number };
}
interface Operation {
  operationId: string;
  summary: string;
  description: string;
  parameters: Parameter[];
}

const keyPlaceholder = 'ti_YOUR_KEY';

function Code({ children, label }: { children: string; label: string }) {
  return (
    <pre className="overflow-x-auto rounded-md border bg-muted/50 p-3 text-xs leading-relaxed" aria-label={label} tabIndex={0}>
      <code>{children}</code>
    </pre>
  );
}

function typeOf(schema: Parameter['schema']): string {
  if (schema.enum) return schema.enum.join(' | ');
  const range = schema.minimum !== undefined && schema.maximum !== undefined ? ` ${schema.minimum}–${schema.maximum}` : '';
  return `${schema.type ?? 'string'}${range}`;
}

function examplePath(path: string): string {
  return path.replace('{id}', '{companyId}');
}

export function ApiDocsView({ document, baseUrl }: { document: OpenApiDocument; baseUrl: string }) {
  const operations = Object.entries(document.paths).map(([path, item]) => ({ path, operation: (item as { get: Operation }).get }));
  const curl = `curl -H "Authorization: Bearer ${keyPlaceholder}" \\
  "${baseUrl}/api/v1/companies?limit=5&minHoldingsBtc=1000"

# The next page: pass meta.nextCursor back
curl -H "Authorization: Bearer ${keyPlaceholder}" \\
  "${baseUrl}/api/v1/companies?limit=5&cursor=NEXT_CURSOR"

# Poll without re-downloading: send the last ETag, get 304 while nothing changed
curl -i -H "Authorization: Bearer ${keyPlaceholder}" -H 'If-None-Match: "ETAG_FROM_LAST_ANSWER"' \\
  "${baseUrl}/api/v1/signals?severity=critical"

# Exports: the leaderboard as CSV
curl -H "Authorization: Bearer ${keyPlaceholder}" -o leaderboard.csv \\
  "${baseUrl}/api/v1/leaderboard?format=csv"`;
  const python = `import os, time, requests

BASE = "${baseUrl}/api/v1"
session = requests.Session()
session.headers["Authorization"] = f"Bearer {os.environ['TREASURY_API_KEY']}"

def all_pages(path, **params):
    """Yields every item, following meta.nextCursor; waits when rate limited."""
    while True:
        response = session.get(f"{BASE}{path}", params=params, timeout=30)
        if response.status_code == 429:
            time.sleep(int(response.headers["Retry-After"]))
            continue
        response.raise_for_status()
        body = response.json()
        yield from body["data"]
        if not body["meta"]["nextCursor"]:
            return
        params["cursor"] = body["meta"]["nextCursor"]

for company in all_pages("/companies", limit=200):
    print(company["ticker"], company["holdingsBtc"], company["metrics"]["mnavMultiple"])

signals = list(all_pages("/signals", since="2026-01-01", severity="high"))

# pandas: exports are CSV with three "# " lines (title, as of, sources) before the header
import io, pandas as pd
csv = session.get(f"{BASE}/leaderboard", params={"format": "csv"}).text
leaderboard = pd.read_csv(io.StringIO(csv), comment="#")`;
  const sheets = `// Google Sheets: Extensions → Apps Script, paste, save; then in a cell:
//   =TREASURY("/api/v1/leaderboard?format=csv")
// (IMPORTDATA cannot send an Authorization header, and a key must never go in a URL.)
function TREASURY(path) {
  const key = PropertiesService.getScriptProperties().getProperty('TREASURY_API_KEY');
  const response = UrlFetchApp.fetch('${baseUrl}' + path, { headers: { Authorization: 'Bearer ' + key } });
  // Drop the "# " lines (title, as-of date, sources); keep the header row and the rows.
  const lines = response.getContentText().split('\\r\\n').filter((line) => line && !line.startsWith('# '));
  return Utilities.parseCsv(lines.join('\\n'));
}`;
  const excel = `// Excel: Data → Get Data → From Other Sources → Blank Query → Advanced Editor
let
    Source = Csv.Document(
        Web.Contents("${baseUrl}/api/v1/signals/export", [
            Query = [format = "csv", severity = "high"],
            Headers = [Authorization = "Bearer ${keyPlaceholder}"]
        ]),
        [Delimiter = ",", Encoding = 65001, QuoteStyle = QuoteStyle.Csv]
    ),
    // The first three rows are "# " lines: title, as-of date, sources
    Data = Table.Skip(Source, 3),
    Promoted = Table.PromoteHeaders(Data, [PromoteAllScalars = true])
in
    Promoted`;

  return (
    <div className="flex min-w-0 flex-col gap-6" data-testid="api-docs">
      <Card>
        <CardHeader>
          <CardTitle>Getting started</CardTitle>
          <CardDescription>{document.info.description.replaceAll('`', '')}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4 text-sm md:grid-cols-2">
          <ul className="list-disc space-y-1 pl-5">
            <li>Create a key on Account Settings; it is shown once. Send it only in the Authorization header, never in a URL.</li>
            <li>A key works while your subscription (or beta access) does: a lapsed account answers 403, a revoked or expired key 401.</li>
            <li>Every answer: <code>{'{ data, meta: { asOf, sources, nextCursor } }'}</code>. Dates are ISO 8601 (UTC); units are in field names.</li>
          </ul>
          <ul className="list-disc space-y-1 pl-5">
            <li>Lists page with <code>?cursor=</code> set to <code>meta.nextCursor</code> until it is null.</li>
            <li>
              <code>ETag</code> and <code>Cache-Control: private</code> on every JSON answer; send <code>If-None-Match</code> to get <code>304</code>.
            </li>
            <li>
              Rate limits per key by plan, in <code>RateLimit-Limit</code>, <code>-Remaining</code>, <code>-Reset</code>; past it, <code>429</code> with <code>Retry-After</code>.
            </li>
            <li>
              Exports (CSV by default, <code>?format=json</code>) hold the rows and columns of the screen; CSV opens with three <code>#</code> lines: title, as-of date, sources.
            </li>
          </ul>
        </CardContent>
      </Card>

      <div className="grid gap-6 xl:grid-cols-2 [&>*]:min-w-0">
        <Card>
          <CardHeader>
            <CardTitle>curl</CardTitle>
          </CardHeader>
          <CardContent>
            <Code label="curl example">{curl}</Code>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Python</CardTitle>
            <CardDescription>With requests; set TREASURY_API_KEY in the environment.</CardDescription>
          </CardHeader>
          <CardContent>
            <Code label="Python example">{python}</Code>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Google Sheets</CardTitle>
            <CardDescription>A custom function reading any CSV export; the key sits in the script’s properties.</CardDescription>
          </CardHeader>
          <CardContent>
            <Code label="Google Sheets example">{sheets}</Code>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Excel Power Query</CardTitle>
            <CardDescription>Refreshable import of a CSV export.</CardDescription>
          </CardHeader>
          <CardContent>
            <Code label="Excel Power Query example">{excel}</Code>
          </CardContent>
        </Card>
      </div>

      <section aria-labelledby="endpoints-title" className="flex flex-col gap-4">
        <h2 id="endpoints-title" className="text-xl font-semibold">
          Endpoints
        </h2>
        {operations.map(({ path, operation }) => (
          <Card key={path} id={operation.operationId} className="min-w-0" data-testid="api-docs-endpoint">
            <CardHeader>
              <CardTitle className="flex flex-wrap items-center gap-2 font-mono text-sm break-all sm:text-base">
                <Badge variant="info">GET</Badge>
                {path}
              </CardTitle>
              <CardDescription>
                <span className="font-medium text-foreground">{operation.summary}.</span> {operation.description}
              </CardDescription>
            </CardHeader>
            <CardContent className="flex flex-col gap-3">
              {operation.parameters.length > 0 && (
                <Table scrollLabel={`Parameters of ${path}`}>
                  <TableHeader>
                    <TableRow>
                      <TableHead>Parameter</TableHead>
                      <TableHead>In</TableHead>
                      <TableHead>Type</TableHead>
                      <TableHead className="hidden sm:table-cell">Meaning</TableHead>
                    </TableRow>
                  </TableHeader>
                  <TableBody>
                    {operation.parameters.map((parameter) => (
                      <TableRow key={parameter.name}>
                        <TableCell className="font-mono text-xs">{parameter.name}</TableCell>
                        <TableCell>{parameter.in}</TableCell>
                        <TableCell className="max-w-48 text-xs break-words whitespace-normal">
                          {typeOf(parameter.schema)}
                          {parameter.schema.default !== undefined ? ` (default ${String(parameter.schema.default)})` : ''}
                        </TableCell>
                        <TableCell className="hidden text-xs whitespace-normal sm:table-cell">{parameter.description ?? ''}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              )}
              <Code label={`curl example for ${path}`}>{`curl -H "Authorization: Bearer ${keyPlaceholder}" "${baseUrl}${examplePath(path)}"`}</Code>
            </CardContent>
          </Card>
        ))}
      </section>
    </div>
  );
}

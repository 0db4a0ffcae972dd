import { Building2, Bitcoin } from 'lucide-react';
import { PageHeader } from '@/components/shell/page-header';
import { ChatWidget } from '@/components/chat/chat-widget';
import { MfaPrompt } from '@/components/security/mfa-prompt';
import { ConnectionStatusCard } from '@/components/realtime/connection-status-card';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { db } from '@/lib/db';
import { listTopHoldings, summarizeHoldings } from '@/lib/treasury/companies';

const btc = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });
const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

export async function DashboardView() {
  const [holdings, summary] = await Promise.all([listTopHoldings(db), summarizeHoldings(db)]);
  return (
    <>
      <PageHeader title="Early Discovery Intelligence Dashboard" description="Public companies holding Bitcoin, from their disclosed holdings." />
      <MfaPrompt />
      <div className="mb-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <StatCard icon={<Building2 className="size-4" />} label="Tracked Companies" value={summary.trackedCompanies.toLocaleString('en-US')} />
        <StatCard icon={<Bitcoin className="size-4" />} label="Bitcoin Held" value={`${btc.format(summary.totalBtc)} BTC`} />
        <ConnectionStatusCard />
      </div>
      <Card>
        <CardHeader>
          <CardTitle>Top 100 Bitcoin Treasury Holdings</CardTitle>
          <CardDescription>Ranked by bitcoin held. Each figure shows the date it was read from its source.</CardDescription>
        </CardHeader>
        <CardContent>
          {holdings.length === 0 ? (
            <p className="text-sm text-muted-foreground">No companies yet. Run npm run db:seed to load the tracked companies.</p>
          ) : (
            <Table>
              <TableHeader>
                <TableRow>
                  <TableHead className="w-12">#</TableHead>
                  <TableHead>Company</TableHead>
                  <TableHead className="hidden sm:table-cell">Sector</TableHead>
                  <TableHead className="hidden md:table-cell">Country</TableHead>
                  <TableHead className="text-right">BTC</TableHead>
                  <TableHead className="hidden text-right lg:table-cell">As of</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {holdings.map((company, index) => (
                  <TableRow key={company.id}>
                    <TableCell className="text-muted-foreground tabular-nums">{index + 1}</TableCell>
                    <TableCell>
                      <div className="font-medium">{company.name}</div>
                      <div className="text-xs text-muted-foreground">
                        {company.ticker} · {company.exchange}
                      </div>
                    </TableCell>
                    <TableCell className="hidden sm:table-cell">{company.sector ?? '—'}</TableCell>
                    <TableCell className="hidden md:table-cell">{company.country ?? '—'}</TableCell>
                    <TableCell className="text-right font-medium tabular-nums">{btc.format(company.btcHoldings)}</TableCell>
                    <TableCell className="hidden text-right text-muted-foreground lg:table-cell">{day.format(company.holdingsAsOf)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </CardContent>
      </Card>
      <ChatWidget />
    </>
  );
}

function StatCard({ icon, label, value }: { icon: React.ReactNode; label: string; value: string }) {
  return (
    <Card>
      <CardHeader className="flex flex-row items-center justify-between space-y-0 pb-2">
        <CardTitle className="text-sm font-medium text-muted-foreground">{label}</CardTitle>
        <span className="text-muted-foreground" aria-hidden="true">{icon}</span>
      </CardHeader>
      <CardContent>
        <p className="text-2xl font-bold tabular-nums">{value}</p>
      </CardContent>
    </Card>
  );
}

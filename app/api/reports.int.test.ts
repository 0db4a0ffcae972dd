import { registeredUser } from '@/test/support/users';
import { PDFDocument } from 'pdf-lib';
import { db } from '@/lib/db';
import { jobs } from '@/lib/background/jobs';
import { getAnalyticsSummary } from '@/lib/reports/analytics';
import { runDueReportSchedules, seedInitialReports } from '@/lib/reports/schedules';
import { failStaleReports } from '@/lib/reports/service';
import { resetToSeed } from '@/test/support/database';
import { call, CookieJar } from '@/test/support/http';
import { GET as analyticsExport } from './analytics/export/route';
import { GET as download } from './reports/[id]/download/route';
import { GET as reportDetail } from './reports/[id]/route';
import { GET as listReports, POST as createReport } from './reports/route';
import { GET as schedules } from './reports/schedules/route';
import { GET as stats } from './reports/stats/route';
import { GET as signalReport } from './signals/[id]/report/route';
import { GET as kpis } from './v1/companies/[id]/kpis/route';
import { formatYieldPercent } from '@/lib/capital/btc-yield';
import { formatDay } from '@/lib/format';
import { parseCsv } from '@/lib/csv';
import { pdfText } from '@/test/support/pdf';

// Reports of spec 001 §2-§9 and issue 5 on the real seeded companies: generation, download,
// filters, ownership, the scheduler, the signal investigation PDF and the analytics export.


async function user(entitled: boolean) {
  return registeredUser(entitled, 'reports');
}

async function waitForReport(jar: CookieJar, id: string) {
  for (let attempt = 0; attempt < 600; attempt += 1) {
    const response = await call(reportDetail, `/api/reports/${id}`, { jar, params: { id } });
    if (response.json.status !== 'generating') return response.json;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('report still generating');
}

async function downloadPdf(jar: CookieJar, id: string) {
  const request = new Request(`http://localhost/api/reports/${id}/download`, { headers: { cookie: jar.header(), 'x-forwarded-for': jar.ip } });
  return download(request, { params: Promise.resolve({ id }) });
}

let analyst: CookieJar;
let signalId: string;

beforeAll(async () => {
  await resetToSeed();
  ({ jar: analyst } = await user(true));
  const companies = await db.company.findMany({ orderBy: { btcHoldings: 'desc' }, take: 3 });
  const now = Date.now();
  const rows = companies.flatMap((company, index) =>
    ['critical', 'high', 'medium'].map((severity, offset) => ({
      sourceId: `test-${company.id}-${severity}`,
      companyId: company.id,
      companyName: company.name,
      description: `${company.name} disclosed a bitcoin purchase (${severity})`,
      source: 'SEC EDGAR 8-K',
      detectedAt: new Date(now - (index * 3 + offset + 1) * 3_600_000),
      confidence: 90 - offset * 5,
      signalType: 'sec-filing',
      severity,
      formType: '8-K',
      filingUrl: 'https://www.sec.gov/Archives/edgar/data/0000000/000000000000000000/0001.htm',
      details: JSON.stringify({ items: ['8.01'], accessionNumber: '0000000000-26-000001' }),
    })),
  );
  await db.signal.createMany({ data: rows });
  signalId = (await db.signal.findFirstOrThrow({ where: { severity: 'critical' } })).id;
}, 180_000);

describe('authorization and validation', () => {
  it('answers 401 signed out and 403 without entitlement', async () => {
    expect((await call(listReports, '/api/reports')).status).toBe(401);
    expect((await call(stats, '/api/reports/stats')).status).toBe(401);
    expect((await call(schedules, '/api/reports/schedules')).status).toBe(401);
    expect((await call(createReport, '/api/reports', { body: { type: 'Discovery', period: '30d' } })).status).toBe(401);
    expect((await call(signalReport, `/api/signals/${signalId}/report`, { params: { id: signalId } })).status).toBe(401);
    expect((await call(analyticsExport, '/api/analytics/export')).status).toBe(401);
    const { jar } = await user(false);
    expect((await call(listReports, '/api/reports', { jar })).status).toBe(403);
  });

  it('refuses bad input with 400 and the field', async () => {
    const badType = await call(createReport, '/api/reports', { jar: analyst, body: { type: 'Horoscope', period: '30d' } });
    expect(badType.status).toBe(400);
    expect(badType.json.errors.type).toBeDefined();
    expect((await call(createReport, '/api/reports', { jar: analyst, body: { type: 'Discovery', period: '12d' } })).status).toBe(400);
    expect((await call(createReport, '/api/reports', { jar: analyst, body: {} })).status).toBe(400);
    expect((await call(createReport, '/api/reports', { jar: analyst, rawBody: '{oops' })).status).toBe(400);
    expect((await call(listReports, '/api/reports?period=1y', { jar: analyst })).status).toBe(400);
    expect((await call(analyticsExport, '/api/analytics/export?format=docx', { jar: analyst })).status).toBe(400);
  });
});

describe('generation and download', () => {
  it.each(['Health Analysis', 'Signal Analysis', 'Risk Assessment', 'Discovery'] as const)('generates a %s report as a multi-page PDF', async (type) => {
    const created = await call(createReport, '/api/reports', { jar: analyst, body: { type, period: '30d' } });
    expect(created.status).toBe(202);
    expect(created.json.status).toBe('generating');
    const report = await waitForReport(analyst, created.json.id);
    expect(report.status).toBe('ready');
    expect(report.type).toBe(type);
    expect(report.insights).toBe(report.findings.length);
    expect(report.insights).toBeGreaterThan(0);
    expect(report.criticalFindings).toBe(report.findings.filter((finding: { critical: boolean }) => finding.critical).length);

    const response = await downloadPdf(analyst, created.json.id);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename=".+\.pdf"$/);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(Buffer.from(bytes.slice(0, 5)).toString('latin1')).toBe('%PDF-');
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBeGreaterThanOrEqual(2);
    expect(pdf.getPageCount()).toBe(report.pages);
    expect(pdf.getTitle()).toBe(report.title);
  }, 60_000);

  it('serves the file inline for the viewer', async () => {
    const [report] = (await call(listReports, '/api/reports?period=all', { jar: analyst })).json;
    const request = new Request(`http://localhost/api/reports/${report.id}/download?inline=1`, { headers: { cookie: analyst.header(), 'x-forwarded-for': analyst.ip } });
    const response = await download(request, { params: Promise.resolve({ id: report.id }) });
    expect(response.headers.get('content-disposition')).toMatch(/^inline;/);
  });

  it('answers 409 for a report that is not ready, 404 for another user and for unknown ids', async () => {
    const owner = await db.user.findFirstOrThrow({ where: { email: { startsWith: 'reports' } }, orderBy: { createdAt: 'asc' } });
    const pending = await db.report.create({ data: { userId: owner.id, type: 'Discovery', title: 'Pending', description: 'x', status: 'generating' } });
    const response = await downloadPdf(analyst, pending.id);
    expect(response.status).toBe(409);
    expect((await response.json()).code).toBe('conflict');

    const { jar: stranger } = await user(true);
    const mine = (await call(listReports, '/api/reports?period=all', { jar: analyst })).json.find((report: { shared: boolean }) => !report.shared);
    expect((await downloadPdf(stranger, mine.id)).status).toBe(404);
    expect((await call(reportDetail, `/api/reports/${mine.id}`, { jar: stranger, params: { id: mine.id } })).status).toBe(404);
    expect((await call(listReports, '/api/reports?period=all', { jar: stranger })).json.some((report: { id: string }) => report.id === mine.id)).toBe(false);
    expect((await downloadPdf(analyst, 'missing')).status).toBe(404);
  });

  it('holds a Starter subscriber to 5 custom reports a month', async () => {
    const { jar, id } = await user(false);
    await db.user.update({ where: { id }, data: { subscriptionStatus: 'active', subscriptionTier: 'starter', subscriptionEndsAt: new Date(Date.now() + 30 * 86_400_000) } });
    await db.report.createMany({ data: Array.from({ length: 5 }, (_, index) => ({ userId: id, type: 'Discovery', title: `Earlier ${index}`, description: 'x', status: 'ready' })) });
    const refused = await call(createReport, '/api/reports', { jar, body: { type: 'Discovery', period: '30d' } });
    expect(refused.status).toBe(403);
    expect(refused.json.message).toMatch(/5 custom reports per month/);
  });

  it('creates a report from a template', async () => {
    const created = await call(createReport, '/api/reports', { jar: analyst, body: { template: 'executive-summary', period: '90d' } });
    expect(created.status).toBe(202);
    const report = await waitForReport(analyst, created.json.id);
    expect(report.title).toMatch(/^Executive Summary: Health Analysis Report/);
    expect(report.template).toBe('executive-summary');
  }, 60_000);
});

describe('filters and stats', () => {
  it('filters by period and search text, newest first', async () => {
    const owner = await db.user.findFirstOrThrow({ where: { email: { startsWith: 'reports' } }, orderBy: { createdAt: 'asc' } });
    await db.report.create({
      data: { userId: owner.id, type: 'Risk Assessment', title: 'Old risk review', description: 'From last season', status: 'ready', createdAt: new Date(Date.now() - 60 * 86_400_000), content: 'Zebra finding' },
    });
    const recent = (await call(listReports, '/api/reports', { jar: analyst })).json;
    expect(recent.some((report: { title: string }) => report.title === 'Old risk review')).toBe(false);
    const ninety = (await call(listReports, '/api/reports?period=90d', { jar: analyst })).json;
    expect(ninety.some((report: { title: string }) => report.title === 'Old risk review')).toBe(true);
    const times = ninety.map((report: { createdAt: string }) => Date.parse(report.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));

    const byType = (await call(listReports, '/api/reports?period=all&q=signal%20analysis', { jar: analyst })).json;
    expect(byType.length).toBeGreaterThan(0);
    expect(byType.every((report: { type: string; title: string }) => /signal analysis/i.test(`${report.type} ${report.title}`))).toBe(true);
    expect((await call(listReports, '/api/reports?period=all&q=OLD%20RISK', { jar: analyst })).json).toHaveLength(1);
    expect((await call(listReports, '/api/reports?period=all&q=zebra', { jar: analyst })).json).toHaveLength(1);
    expect((await call(listReports, '/api/reports?period=all&q=nothing-matches-this', { jar: analyst })).json).toHaveLength(0);
  });

  it('counts the tiles from the stored reports', async () => {
    const all = await db.report.findMany({ where: { user: { email: { startsWith: 'reports' } } } });
    const owner = await db.user.findFirstOrThrow({ where: { email: { startsWith: 'reports' } }, orderBy: { createdAt: 'asc' } });
    const visible = await db.report.findMany({ where: { OR: [{ userId: owner.id }, { userId: null }] } });
    expect(all.length).toBeGreaterThan(0);
    const response = await call(stats, '/api/reports/stats', { jar: analyst });
    expect(response.status).toBe(200);
    const ready = visible.filter((report) => report.status === 'ready').length;
    const failed = visible.filter((report) => report.status === 'failed').length;
    expect(response.json).toEqual({
      totalReports: visible.length,
      totalInsights: visible.reduce((sum, report) => sum + report.insights, 0),
      criticalFindings: visible.reduce((sum, report) => sum + report.criticalFindings, 0),
      successRate: Math.round((ready / (ready + failed)) * 100),
    });
  });
});

describe('scheduled reports', () => {
  it('seeds the four schedules of the spec', async () => {
    const response = await call(schedules, '/api/reports/schedules', { jar: analyst });
    expect(response.json.map((schedule: { name: string; timing: string; status: string }) => [schedule.name, schedule.timing, schedule.status])).toEqual([
      ['Weekly Health Summary', 'Monday 9:00 AM', 'active'],
      ['Signal Detection Report', 'Daily 6:00 AM', 'active'],
      ['Monthly Deep Dive', 'August 31st', 'scheduled'],
      ['Discovery Pipeline', 'Daily 3:00 PM', 'active'],
    ]);
    expect(response.json.every((schedule: { nextRunAt: string | null }) => schedule.nextRunAt && Date.parse(schedule.nextRunAt) > Date.now() - 60_000)).toBe(true);
  });

  it('marks reports left generating by a stopped process as failed', async () => {
    const owner = await db.user.findFirstOrThrow({ where: { email: { startsWith: 'reports' } }, orderBy: { createdAt: 'asc' } });
    const stale = await db.report.create({ data: { userId: owner.id, type: 'Discovery', title: 'Stale', description: 'x', status: 'generating', createdAt: new Date(Date.now() - 11 * 60_000) } });
    const fresh = await db.report.create({ data: { userId: owner.id, type: 'Discovery', title: 'Fresh', description: 'x', status: 'generating' } });
    expect(await failStaleReports(db)).toBeGreaterThanOrEqual(1);
    expect((await db.report.findUniqueOrThrow({ where: { id: stale.id } })).status).toBe('failed');
    expect((await db.report.findUniqueOrThrow({ where: { id: fresh.id } })).status).toBe('generating');
    await db.report.deleteMany({ where: { id: { in: [stale.id, fresh.id] } } });
  });

  it("seeds a fresh install's first shared reports from the active schedules, once", async () => {
    const seeded = await db.report.findMany({ where: { userId: null } });
    expect(seeded.map((report) => report.title).sort()).toEqual(['Discovery Pipeline - Last 30 days', 'Signal Detection Report - Last 7 days', 'Weekly Health Summary - Last 7 days']);
    expect(seeded.every((report) => report.status === 'ready' && report.pages >= 2)).toBe(true);
    expect(await seedInitialReports(db)).toBe(0);
    expect(await db.report.count({ where: { userId: null } })).toBe(3);
  }, 60_000);

  it('generates the due reports once as shared reports and moves nextRunAt on', async () => {
    expect(jobs.some((job) => job.name === 'scheduled-reports')).toBe(true);
    const seeded = new Set((await db.report.findMany({ where: { userId: null }, select: { id: true } })).map((report) => report.id));
    const now = new Date();
    await db.reportSchedule.updateMany({ where: { key: { in: ['signal-detection-report', 'discovery-pipeline'] } }, data: { nextRunAt: new Date(now.getTime() - 60_000) } });
    const first = await runDueReportSchedules(db, now);
    expect(first).toEqual({ generated: 2, failed: 0 });
    expect(await runDueReportSchedules(db, now)).toEqual({ generated: 0, failed: 0 });
    const shared = (await db.report.findMany({ where: { userId: null } })).filter((report) => !seeded.has(report.id));
    expect(shared.map((report) => report.title.split(' - ')[0]).sort()).toEqual(['Discovery Pipeline', 'Signal Detection Report']);
    expect(shared.every((report) => report.status === 'ready' && report.pages >= 2)).toBe(true);
    const moved = await db.reportSchedule.findMany({ where: { key: { in: ['signal-detection-report', 'discovery-pipeline'] } } });
    expect(moved.every((schedule) => schedule.nextRunAt! > now && schedule.lastRunAt?.getTime() === now.getTime())).toBe(true);
    const listed = (await call(listReports, '/api/reports', { jar: analyst })).json;
    expect(listed.filter((report: { shared: boolean }) => report.shared)).toHaveLength(seeded.size + 2);
  }, 60_000);
});

describe('signal investigation PDF', () => {
  it('downloads the PDF with the spec filename', async () => {
    const response = await call(signalReport, `/api/signals/${signalId}/report`, { jar: analyst, params: { id: signalId } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toMatch(new RegExp(`^attachment; filename="signal-investigation-${signalId}-\\d+\\.pdf"$`));
    expect(response.text.startsWith('%PDF-')).toBe(true);
  });

  it('answers 404 JSON for an unknown signal', async () => {
    const response = await call(signalReport, '/api/signals/nope/report', { jar: analyst, params: { id: 'nope' } });
    expect(response.status).toBe(404);
    expect(response.json.code).toBe('not_found');
  });
});

describe('analytics export', () => {
  it('sums the summary cards from the stored companies', async () => {
    const summary = await getAnalyticsSummary(db);
    const companies = await db.company.findMany({ select: { btcHoldings: true, flagged: true, holdingsConfirmed: true } });
    expect(summary.trackedCompanies).toBe(companies.length);
    // Totals count confirmed figures only (issue 12): flagged and unconfirmed companies are left out.
    const counted = companies.filter((company) => !company.flagged && company.holdingsConfirmed);
    expect(summary.totalBtc).toBeCloseTo(counted.reduce((sum, company) => sum + company.btcHoldings, 0), 6);
    const metrics = await db.companyMetric.findMany({ select: { healthGrade: true } });
    expect(Math.abs(summary.shareGradedAB - (metrics.filter((metric) => 'AB'.includes(metric.healthGrade)).length / companies.length) * 100)).toBeLessThan(1);
    expect(summary.btcAdded90d).not.toBeNull();
  }, 30_000);

  it('exports every company as CSV', async () => {
    const response = await call(analyticsExport, '/api/analytics/export?format=csv', { jar: analyst });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="treasury-analytics-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = response.text.trim().split('\r\n');
    expect(lines[0]).toMatch(/^rank,name,ticker/);
    expect(lines).toHaveLength((await db.company.count()) + 1);
  });

  it('exports a PDF summary', async () => {
    const request = new Request('http://localhost/api/analytics/export?format=pdf', { headers: { cookie: analyst.header(), 'x-forwarded-for': analyst.ip } });
    const response = await analyticsExport(request, undefined as never);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    const pdf = await PDFDocument.load(new Uint8Array(await response.arrayBuffer()));
    expect(pdf.getPageCount()).toBeGreaterThanOrEqual(3);
  }, 30_000);
});

describe('BTC yield in the reports (issue 27)', () => {
  type ApiWindow = { name: string; from: string; to: string; btcYieldPercent: number | null };
  let mstr: { id: string };
  let windows: Map<string, ApiWindow>;

  beforeAll(async () => {
    mstr = await db.company.findFirstOrThrow({ where: { ticker: 'MSTR' }, select: { id: true } });
    const response = await call(kpis, `/api/v1/companies/${mstr.id}/kpis`, { jar: analyst, params: { id: mstr.id } });
    expect(response.status).toBe(200);
    expect(response.json.data.basis).toBe('assumed_diluted_strategy_kpi');
    windows = new Map((response.json.data.windows as ApiWindow[]).map((window) => [window.name, window]));
    expect(windows.get('90d')!.btcYieldPercent).not.toBeNull();
  });

  /** What the PDFs print for MSTR: the 90-day figure, its basis and both dates (wrapped lines joined). */
  const pdfMentions = (text: string) => {
    const flat = text.replace(/\n/g, ' ');
    const window = windows.get('90d')!;
    expect(flat).toContain('BTC yield 90 d');
    expect(flat).toContain(
      `Strategy (MicroStrategy) (MSTR): ${formatYieldPercent(window.btcYieldPercent!)} on assumed diluted shares, ${formatDay(window.from)} to ${formatDay(window.to)} (sources: `,
    );
  };

  it("puts the KPI API's figures for MSTR, their basis and both dates in the analytics CSV", async () => {
    const response = await call(analyticsExport, '/api/analytics/export?format=csv', { jar: analyst });
    const rows = parseCsv(response.text);
    const row = rows.find((entry) => entry.ticker === 'MSTR')!;
    expect(row.btc_yield_basis).toBe('assumed diluted shares');
    for (const name of ['30d', '90d', '365d']) {
      const window = windows.get(name)!;
      if (window.btcYieldPercent === null) {
        expect([row[`btc_yield_${name}_pct`], row[`btc_yield_${name}_from`], row[`btc_yield_${name}_to`]]).toEqual(['', '', '']);
        continue;
      }
      expect(Number(row[`btc_yield_${name}_pct`])).toBe(window.btcYieldPercent);
      expect(row[`btc_yield_${name}_from`]).toBe(window.from);
      expect(row[`btc_yield_${name}_to`]).toBe(window.to);
    }
    expect(row.btc_yield_sources).not.toBe('');
    expect(row.btc_yield_sources).not.toMatch(/https?:\/\//);
    // A company without dated share counts has empty yield cells, not a figure from elsewhere.
    const other = rows.find((entry) => entry.ticker !== 'MSTR' && entry.ticker !== 'ASST')!;
    expect([other.btc_yield_basis, other.btc_yield_90d_pct, other.btc_yield_sources]).toEqual(['', '', '']);
  });

  it('prints the 90-day figure with its basis and dates in the analytics PDF and a Health Analysis report', async () => {
    const request = new Request('http://localhost/api/analytics/export?format=pdf', { headers: { cookie: analyst.header(), 'x-forwarded-for': analyst.ip } });
    pdfMentions(await pdfText(new Uint8Array(await (await analyticsExport(request, undefined as never)).arrayBuffer())));

    const created = await call(createReport, '/api/reports', { jar: analyst, body: { type: 'Health Analysis', period: '30d' } });
    expect(created.status).toBe(202);
    expect((await waitForReport(analyst, created.json.id)).status).toBe('ready');
    pdfMentions(await pdfText(new Uint8Array(await (await downloadPdf(analyst, created.json.id)).arrayBuffer())));
  }, 60_000);

  it("gives every window in a signal investigation of MSTR", async () => {
    const signal = await db.signal.findFirstOrThrow({ where: { companyId: mstr.id } });
    const request = new Request(`http://localhost/api/signals/${signal.id}/report`, { headers: { cookie: analyst.header(), 'x-forwarded-for': analyst.ip } });
    const response = await signalReport(request, { params: Promise.resolve({ id: signal.id }) });
    const text = (await pdfText(new Uint8Array(await response.arrayBuffer()))).replace(/\n/g, ' ');
    const window = windows.get('365d')!;
    expect(text).toContain(`365-day BTC yield ${formatYieldPercent(window.btcYieldPercent!)} on assumed diluted shares, ${formatDay(window.from)} to ${formatDay(window.to)}`);
  }, 30_000);
});

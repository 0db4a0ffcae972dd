import type { Db } from '../db';
import { databaseProvider } from '../env';
import { AppError } from '../http/errors';
import { findPlan, planFromAnyName } from '../payments/plans';
import { buildReport, type Finding } from './generate';
import { loadReportData } from './repository';
import {
  periodDaysOf,
  templateReportType,
  type CreateReportInput,
  type ReportDetailDto,
  type ReportDto,
  type ReportPeriod,
  type ReportStatsDto,
  type ReportStatus,
  type ReportTemplate,
  type ReportType,
} from './schema';
import { isoDay } from '../dates';

const day = 86_400_000;
const criticalPrefix = '[Critical] ';

type ReportRow = Awaited<ReturnType<Db['report']['findFirstOrThrow']>>;
const listSelect = {
  id: true,
  userId: true,
  title: true,
  description: true,
  type: true,
  template: true,
  status: true,
  pages: true,
  insights: true,
  criticalFindings: true,
  periodDays: true,
  sizeBytes: true,
  createdAt: true,
  generatedAt: true,
  error: true,
} as const;
type ReportSummaryRow = Pick<ReportRow, keyof typeof listSelect>;

function toReportDto(row: ReportSummaryRow): ReportDto {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    type: row.type as ReportType,
    template: row.template,
    status: row.status as ReportStatus,
    pages: row.pages,
    insights: row.insights,
    criticalFindings: row.criticalFindings,
    periodDays: row.periodDays,
    sizeBytes: row.sizeBytes,
    shared: row.userId === null,
    createdAt: row.createdAt.toISOString(),
    generatedAt: row.generatedAt?.toISOString() ?? null,
    error: row.error,
  };
}

function findingsToContent(findings: readonly Finding[]): string {
  return findings.map((finding) => (finding.critical ? `${criticalPrefix}${finding.text}` : finding.text)).join('\n');
}

function contentToFindings(content: string): Finding[] {
  return content
    .split('\n')
    .filter(Boolean)
    .map((line) => (line.startsWith(criticalPrefix) ? { text: line.slice(criticalPrefix.length), critical: true } : { text: line, critical: false }));
}

/** A user sees their own reports and the scheduler's shared ones (userId null). */
const visibleTo = (userId: string) => ({ OR: [{ userId }, { userId: null }] });

export async function listReports(db: Db, userId: string, query: { period: ReportPeriod; q?: string }, now = new Date()): Promise<ReportDto[]> {
  const days = periodDaysOf(query.period);
  const text = (value: string) => (databaseProvider() === 'postgresql' ? { contains: value, mode: 'insensitive' as const } : { contains: value });
  const rows = await db.report.findMany({
    where: {
      AND: [
        visibleTo(userId),
        ...(days ? [{ createdAt: { gte: new Date(now.getTime() - days * day) } }] : []),
        ...(query.q ? [{ OR: [{ title: text(query.q) }, { description: text(query.q) }, { type: text(query.q) }, { content: text(query.q) }] }] : []),
      ],
    },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: 200,
    select: listSelect,
  });
  return rows.map(toReportDto);
}

export async function getReportStats(db: Db, userId: string): Promise<ReportStatsDto> {
  const where = visibleTo(userId);
  const [totals, byStatus] = await Promise.all([
    db.report.aggregate({ where, _count: { _all: true }, _sum: { insights: true, criticalFindings: true } }),
    db.report.groupBy({ by: ['status'], where, _count: { _all: true } }),
  ]);
  const countOf = (status: string) => byStatus.find((group) => group.status === status)?._count._all ?? 0;
  const finished = countOf('ready') + countOf('failed');
  return {
    totalReports: totals._count._all,
    totalInsights: totals._sum.insights ?? 0,
    criticalFindings: totals._sum.criticalFindings ?? 0,
    successRate: finished ? Math.round((countOf('ready') / finished) * 100) : null,
  };
}

/** The report if the user may see it; someone else's report reads as missing. */
export async function findVisibleReport(db: Db, userId: string, id: string): Promise<ReportDetailDto> {
  const row = await db.report.findFirst({ where: { AND: [{ id }, visibleTo(userId)] }, select: { ...listSelect, content: true } });
  if (!row) throw new AppError('not_found', 'Report not found');
  return { ...toReportDto(row), findings: contentToFindings(row.content) };
}

export async function loadReportPdf(db: Db, userId: string, id: string) {
  const row = await db.report.findFirst({ where: { AND: [{ id }, visibleTo(userId)] }, select: { id: true, title: true, type: true, status: true, pdf: true, createdAt: true } });
  if (!row) throw new AppError('not_found', 'Report not found');
  if (row.status !== 'ready' || !row.pdf) throw new AppError('conflict', `The report is ${row.status === 'ready' ? 'missing its file' : row.status}; it can be downloaded once it is ready.`);
  const slug = row.type.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  return { pdf: row.pdf, filename: `${slug}-report-${isoDay(row.createdAt)}-${row.id}.pdf` };
}

/** Starter allows a number of custom reports per calendar month; beta access and other plans are unlimited. */
async function assertWithinPlanLimit(db: Db, user: { id: string; betaAccess: boolean; subscriptionTier: string | null }, now: Date) {
  if (user.betaAccess || !user.subscriptionTier) return;
  const plan = findPlan(user.subscriptionTier) ?? planFromAnyName(user.subscriptionTier);
  if (!plan || plan.reportLimit === null) return;
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const used = await db.report.count({ where: { userId: user.id, createdAt: { gte: monthStart } } });
  if (used >= plan.reportLimit) throw new AppError('forbidden', `Your ${plan.name} plan includes ${plan.reportLimit} custom reports per month. Upgrade for unlimited reports.`);
}

interface NewReport {
  type: ReportType;
  template: ReportTemplate;
  periodDays: number | null;
  userId: string | null;
  scheduleId?: string;
}

/** Creates the row as 'generating'; `generateReport` fills it in. */
export async function createReportRow(db: Db, report: NewReport, now = new Date()) {
  return db.report.create({
    data: {
      userId: report.userId,
      scheduleId: report.scheduleId,
      type: report.type,
      template: report.template,
      title: `${report.type} Report`,
      description: 'Generating…',
      status: 'generating',
      periodDays: report.periodDays,
      createdAt: now,
    },
    select: listSelect,
  });
}

const staleGeneratingMs = 10 * 60 * 1000;

/** A report left 'generating' by a process that stopped (deploy, crash) is marked failed so it stops spinning. */
export async function failStaleReports(db: Db, now = new Date()): Promise<number> {
  const { count } = await db.report.updateMany({
    where: { status: 'generating', createdAt: { lt: new Date(now.getTime() - staleGeneratingMs) } },
    data: { status: 'failed', error: 'Generation was interrupted. Generate the report again.', description: 'Generation was interrupted.' },
  });
  return count;
}

/** Builds the PDF and findings for a 'generating' row and stores them; marks the row failed on error. */
export async function generateReport(db: Db, id: string, now = new Date()): Promise<ReportStatus> {
  const row = await db.report.findUniqueOrThrow({ where: { id }, select: { type: true, template: true, periodDays: true } });
  try {
    const data = await loadReportData(db, row.periodDays, now);
    const built = await buildReport(row.type as ReportType, (row.template ?? 'custom') as ReportTemplate, data);
    await db.report.update({
      where: { id },
      data: {
        title: built.title,
        description: built.description,
        status: 'ready',
        pages: built.pages,
        insights: built.findings.length,
        criticalFindings: built.findings.filter((finding) => finding.critical).length,
        content: findingsToContent(built.findings),
        pdf: Buffer.from(built.pdf),
        sizeBytes: built.pdf.byteLength,
        generatedAt: new Date(),
        error: null,
      },
    });
    return 'ready';
  } catch (error) {
    console.error('Report generation failed', id, error);
    await db.report.update({ where: { id }, data: { status: 'failed', error: 'The report could not be generated.', description: 'Generation failed.' } });
    return 'failed';
  }
}

/**
 * POST /api/reports: the row is answered at once as 'generating' and generated in this process
 * right after (a 100-company report takes a few hundred milliseconds), so the list shows it move to ready.
 */
export async function requestReport(db: Db, user: { id: string; betaAccess: boolean; subscriptionTier: string | null }, input: CreateReportInput, now = new Date()) {
  await assertWithinPlanLimit(db, user, now);
  const type = input.template === 'custom' ? input.type! : (input.type ?? templateReportType[input.template]);
  const row = await createReportRow(db, { type, template: input.template, periodDays: periodDaysOf(input.period), userId: user.id }, now);
  const generation = generateReport(db, row.id, now).catch((error: unknown) => {
    console.error('Report generation failed', row.id, error);
    return 'failed' as const;
  });
  return { report: toReportDto(row), generation };
}

import type { Db } from '../db';
import { nextRunAt } from './figures';
import type { ReportScheduleDto, ReportType } from './schema';
import { createReportRow, generateReport } from './service';

// The four scheduled reports of spec 001 §2. Times are UTC. The scheduler job generates each due
// schedule's report as a shared report (userId null) and moves nextRunAt on.

interface ScheduleDefinition {
  key: string;
  name: string;
  type: ReportType;
  cadence: 'daily' | 'weekly' | 'monthly' | 'once';
  timing: string;
  dayOfWeek?: number;
  dayOfMonth?: number;
  monthOfYear?: number;
  hour: number;
  status: 'active' | 'scheduled';
  periodDays: number;
}

const reportScheduleDefinitions: readonly ScheduleDefinition[] = [
  { key: 'weekly-health-summary', name: 'Weekly Health Summary', type: 'Health Analysis', cadence: 'weekly', timing: 'Monday 9:00 AM', dayOfWeek: 1, hour: 9, status: 'active', periodDays: 7 },
  { key: 'signal-detection-report', name: 'Signal Detection Report', type: 'Signal Analysis', cadence: 'daily', timing: 'Daily 6:00 AM', hour: 6, status: 'active', periodDays: 7 },
  { key: 'monthly-deep-dive', name: 'Monthly Deep Dive', type: 'Risk Assessment', cadence: 'once', timing: 'August 31st', dayOfMonth: 31, monthOfYear: 8, hour: 9, status: 'scheduled', periodDays: 90 },
  { key: 'discovery-pipeline', name: 'Discovery Pipeline', type: 'Discovery', cadence: 'daily', timing: 'Daily 3:00 PM', hour: 15, status: 'active', periodDays: 30 },
];

const periodDaysByKey = new Map(reportScheduleDefinitions.map((definition) => [definition.key, definition.periodDays]));

/** Creates the four schedules when missing; an existing schedule keeps its runs and status. */
export async function seedReportSchedules(db: Db, now = new Date()): Promise<{ created: number; total: number }> {
  let created = 0;
  for (const definition of reportScheduleDefinitions) {
    const { periodDays: _periodDays, ...fields } = definition;
    const existing = await db.reportSchedule.findUnique({ where: { key: definition.key }, select: { id: true } });
    if (existing) {
      await db.reportSchedule.update({ where: { key: definition.key }, data: { name: fields.name, type: fields.type, cadence: fields.cadence, timing: fields.timing } });
      continue;
    }
    await db.reportSchedule.create({ data: { ...fields, minute: 0, nextRunAt: nextRunAt({ ...fields, minute: 0 }, now) } });
    created += 1;
  }
  return { created, total: reportScheduleDefinitions.length };
}

export async function listReportSchedules(db: Db): Promise<ReportScheduleDto[]> {
  const rows = await db.reportSchedule.findMany({ orderBy: { createdAt: 'asc' } });
  const order = new Map(reportScheduleDefinitions.map((definition, index) => [definition.key, index]));
  return rows
    .sort((a, b) => (order.get(a.key) ?? 99) - (order.get(b.key) ?? 99))
    .map((row) => ({
      id: row.id,
      key: row.key,
      name: row.name,
      type: row.type,
      cadence: row.cadence,
      timing: row.timing,
      status: row.status,
      lastRunAt: row.lastRunAt?.toISOString() ?? null,
      nextRunAt: row.nextRunAt?.toISOString() ?? null,
    }));
}

/**
 * Generates the report of every schedule due at `now`. Each run is claimed by moving nextRunAt with
 * a conditional update first, so two scheduler processes never generate the same run twice.
 */
export async function runDueReportSchedules(db: Db, now = new Date()): Promise<{ generated: number; failed: number }> {
  const due = await db.reportSchedule.findMany({ where: { status: { in: ['active', 'scheduled'] }, nextRunAt: { lte: now } } });
  let generated = 0;
  let failed = 0;
  for (const schedule of due) {
    const claimed = await db.reportSchedule.updateMany({
      where: { id: schedule.id, nextRunAt: schedule.nextRunAt },
      data: { lastRunAt: now, nextRunAt: nextRunAt(schedule, now) },
    });
    if (claimed.count !== 1) continue;
    if (await generateScheduledReport(db, schedule, now)) generated += 1;
    else failed += 1;
  }
  return { generated, failed };
}

/** Generates one shared report for `schedule`; true when it came out ready. */
async function generateScheduledReport(db: Db, schedule: { id: string; key: string; name: string; type: string }, now: Date): Promise<boolean> {
  const row = await createReportRow(db, { type: schedule.type as ReportType, template: 'custom', periodDays: periodDaysByKey.get(schedule.key) ?? 30, userId: null, scheduleId: schedule.id }, now);
  if ((await generateReport(db, row.id, now)) !== 'ready') return false;
  const report = await db.report.findUniqueOrThrow({ where: { id: row.id }, select: { title: true } });
  // The schedule's name leads the title so shared reports read as the schedule that made them.
  await db.report.update({ where: { id: row.id }, data: { title: report.title.replace(/^.* Report - /, `${schedule.name} - `) } });
  return true;
}

/**
 * A fresh install's first reports: each active schedule runs once at seed time, so the Reports page
 * opens on real reports instead of waiting for the first scheduled hour. Does nothing once any shared
 * report exists; the schedules' next runs are left as they are.
 */
export async function seedInitialReports(db: Db, now = new Date()): Promise<number> {
  if ((await db.report.count({ where: { userId: null } })) > 0) return 0;
  const schedules = await db.reportSchedule.findMany({ where: { status: 'active' } });
  const order = new Map(reportScheduleDefinitions.map((definition, index) => [definition.key, index]));
  let generated = 0;
  for (const schedule of schedules.sort((a, b) => (order.get(a.key) ?? 99) - (order.get(b.key) ?? 99))) {
    if (!(await generateScheduledReport(db, schedule, now))) continue;
    await db.reportSchedule.update({ where: { id: schedule.id }, data: { lastRunAt: now } });
    generated += 1;
  }
  return generated;
}

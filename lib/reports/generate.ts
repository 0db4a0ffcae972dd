import { formatBtc, formatMoney, sectorColor } from '../format';
import { PdfDocumentBuilder } from '../pdf/document';
import { isCountedInTotals, nameWithTicker, sectorAllocation, totalsSentence } from '../treasury/aggregates';
import { flagLabel, flagReasons } from '../treasury/flags';
import {
  average,
  countBy,
  gradeDistribution,
  median,
  riskHistogram,
  shareGradedAB,
  stressScenarios,
  topBySignalCount,
  type ReportCompany,
  type ReportSignal,
} from './figures';
import type { CompanyBtcYields } from '../capital/btc-yield';
import { yieldCell, yieldColumnHeader, yieldNote } from './btc-yield';
import { coveredCompanies, type ReportData } from './repository';
import { periodLabel, type ReportTemplate, type ReportType } from './schema';
import { isoDay } from '../dates';

// Builds a report's title, findings and PDF from the stored data of a period (repository.ts reads it).
// Each report type has its own body: the findings it states and the sections it draws; buildReport
// wraps every body in the same cover, summary and appendix.

const day = 86_400_000;
export const reportDisclaimer =
  'For information only; not investment advice. Figures are computed from public filings and stored market prices as of the generation time; holdings may lag the companies\u2019 latest disclosures.';

export interface Finding {
  text: string;
  critical: boolean;
}

interface BuiltReport {
  title: string;
  description: string;
  findings: Finding[];
  pdf: Uint8Array;
  pages: number;
}

const templateTitles: Record<Exclude<ReportTemplate, 'custom'>, string> = {
  'executive-summary': 'Executive Summary',
  'technical-analysis': 'Technical Analysis',
  'regulatory-compliance': 'Regulatory Compliance',
};

const typeDescriptions: Record<ReportType, string> = {
  'Health Analysis': 'Health grades, risk, conviction, governance and mNAV across the largest bitcoin treasury holders',
  'Signal Analysis': 'Signals by severity and type, the most active companies and the critical signals',
  'Risk Assessment': 'Risk score distribution, the highest-risk companies and BTC drawdown stress scenarios',
  Discovery: 'The discovery pipeline of companies moving toward a bitcoin treasury, by status, type and priority',
};

/** Signals per calendar day from the first to the last, with the quiet days as zeros. */
function signalsPerDay(signals: readonly ReportSignal[]) {
  const counts = new Map(countBy(signals, (signal) => isoDay(signal.detectedAt)).map((entry) => [entry.label, entry.value]));
  const times = signals.map((signal) => Date.parse(isoDay(signal.detectedAt)));
  const series: { label: string; value: number }[] = [];
  for (let time = Math.min(...times); time <= Math.max(...times); time += day) {
    const label = isoDay(new Date(time));
    series.push({ label, value: counts.get(label) ?? 0 });
  }
  return series;
}

const number = (value: number, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : '-');
const mnav = (value: number | null) => (value === null ? 'n/a' : `${value.toFixed(2)}x`);

function companyRows(companies: readonly ReportCompany[], yields: ReadonlyMap<string, CompanyBtcYields>) {
  return companies.map((company, index) => [
    String(index + 1),
    company.name,
    company.ticker,
    formatBtc(company.btcHoldings),
    company.healthGrade,
    number(company.aiRiskScore),
    number(company.convictionScore),
    number(company.governanceScore),
    mnav(company.premiumToNav),
    yieldCell(yields.get(company.id)),
  ]);
}

/** A table of companies with the BTC yield column, and the note that gives each figure's basis and dates. */
function companyTable(doc: PdfDocumentBuilder, companies: readonly ReportCompany[], yields: ReadonlyMap<string, CompanyBtcYields>) {
  doc.table(companyColumns, companyRows(companies, yields));
  doc.paragraph(yieldNote(companies, yields), { size: 8 });
}

const companyColumns = [
  { header: '#', width: 0.35, align: 'right' as const },
  { header: 'Company', width: 2.1 },
  { header: 'Ticker', width: 0.8 },
  { header: 'Holdings', width: 1.4, align: 'right' as const },
  { header: 'Grade', width: 0.6 },
  { header: 'Risk', width: 0.6, align: 'right' as const },
  { header: 'Conviction', width: 1.05, align: 'right' as const },
  { header: 'Governance', width: 1.1, align: 'right' as const },
  { header: 'mNAV', width: 0.7, align: 'right' as const },
  { header: yieldColumnHeader, width: 1.1, align: 'right' as const },
];

/** What one report type adds to the common frame: its findings and the sections it draws after the summary. */
interface ReportBody {
  findings: Finding[];
  drawSections(doc: PdfDocumentBuilder): void;
}

/** Collects findings in the order a reader meets them. */
function findingList() {
  const findings: Finding[] = [];
  return { findings, find: (text: string, critical = false) => void findings.push({ text, critical }) };
}

/** The covered companies the totals rule counts (confirmed, unflagged figures). */
const countedOf = (companies: readonly ReportCompany[]) => companies.filter(isCountedInTotals);

/** How many of a report's first findings are its totals (the report mail repeats them). */
export const totalsFindingCount = 2;

/** The two totals every report states first: over the covered top holders, and over every tracked company (the dashboard's). */
function totalsFindings(data: ReportData): Finding[] {
  const price = { btcPriceUsd: data.btcPriceUsd, pricedAt: data.btcPricedAt?.toISOString() ?? null };
  return [
    { text: totalsSentence(data.coveredTotals, { ...price, scope: `the top ${data.companies.length} holders` }), critical: false },
    { text: `All ${data.trackedCompanies} tracked companies, as on the dashboard: ${totalsSentence(data.totals, price)}`, critical: false },
  ];
}

const gradeColors: Record<string, string> = { A: '#10b981', B: '#84cc16', C: '#f59e0b', D: '#f97316', F: '#ef4444' };

function healthAnalysis(data: ReportData): ReportBody {
  const { companies } = data;
  const { findings, find } = findingList();
  const ab = shareGradedAB(companies);
  const weak = companies.filter((company) => company.healthGrade === 'D' || company.healthGrade === 'F');
  const avgGovernance = average(companies.map((company) => company.governanceScore));
  const avgConviction = average(companies.map((company) => company.convictionScore));
  const mnavs = companies.filter((company) => company.premiumToNav !== null).map((company) => company.premiumToNav!);
  find(`${ab}% of the top ${companies.length} holders are graded A or B; ${weak.length} are graded D or F.`, weak.length > 0 && weak.length >= companies.length / 4);
  for (const company of weak.slice(0, 5)) find(`${nameWithTicker(company)} is graded ${company.healthGrade} with risk ${number(company.aiRiskScore)} and conviction ${number(company.convictionScore)}.`, company.healthGrade === 'F');
  if (avgConviction !== null) find(`Average conviction is ${number(avgConviction)} of 10 and average governance ${number(avgGovernance ?? 0)} of 10.`);
  if (mnavs.length) find(`Median mNAV of the ${mnavs.length} companies with a known market cap is ${mnav(median(mnavs))}; ${mnavs.filter((value) => value < 1).length} trade below their bitcoin NAV.`);
  // Data health: each flag with the check that raised it and its own reason (never one blanket cause).
  if (data.flags.length) {
    const excludedBtc = data.flags.reduce((sum, company) => sum + company.btcHoldings, 0);
    find(`${data.flags.length} companies are flagged or unconfirmed and left out of every total (${formatBtc(excludedBtc)}).`, true);
  }
  for (const company of data.flags.slice(0, 8)) find(`${nameWithTicker(company)}, ${flagLabel(company) ?? 'flagged'}: ${flagReasons(company).join(' ')}`, true);
  for (const quarantine of data.quarantines.slice(0, 8)) {
    find(`${quarantine.count} reading${quarantine.count === 1 ? '' : 's'} of ${quarantine.companyName} quarantined by the ${quarantine.check} check (${isoDay(quarantine.first)} to ${isoDay(quarantine.last)}): ${quarantine.reason}`, true);
  }
  const gradeData = gradeDistribution(companies).map((grade) => ({ ...grade, label: `Grade ${grade.label}`, color: gradeColors[grade.label] }));
  return {
    findings,
    drawSections(doc) {
      doc.heading('Grade distribution');
      doc.barChart('Companies by health grade', gradeData);
      doc.pieChart('Share of grades', gradeData.filter((grade) => grade.value > 0));
      if (data.trends.length) doc.lineChart('Total BTC held by tracked companies', data.trends.map((point) => ({ label: point.date, value: point.totalBtc })), (value) => formatBtc(Math.round(value)));
      doc.heading('Top companies');
      companyTable(doc, companies, data.btcYields);
      doc.heading('Data health: flags and quarantined figures');
      doc.table(
        [{ header: 'Company', width: 1.4 }, { header: 'Check', width: 1.2 }, { header: 'Reason', width: 4 }],
        [
          ...data.flags.map((company) => [company.name, company.flagCheck ?? (company.flagged ? 'flag' : 'unconfirmed'), flagReasons(company).join(' ')]),
          ...data.quarantines.map((quarantine) => [
            quarantine.companyName,
            `${quarantine.check} (${quarantine.count} readings)`,
            `${isoDay(quarantine.first)} to ${isoDay(quarantine.last)}: ${quarantine.reason}`,
          ]),
        ],
        { emptyText: 'No flagged companies and no quarantined figures.' },
      );
    },
  };
}

function signalAnalysis(data: ReportData): ReportBody {
  const { signals } = data;
  const { findings, find } = findingList();
  const severities = countBy(signals, (signal) => signal.severity, ['critical', 'high', 'medium', 'low']);
  const types = countBy(signals, (signal) => signal.signalType, ['sec-filing', 'insider-trading', 'pre-pump', 'board-meeting', 'other']);
  const critical = signals.filter((signal) => signal.severity === 'critical');
  const top = topBySignalCount(signals);
  find(`${signals.length} signals were detected in the period: ${severities.map((entry) => `${entry.value} ${entry.label}`).join(', ')}.`);
  if (top[0]) find(`${top[0].companyName} had the most signals (${top[0].total}, ${top[0].critical} critical).`);
  for (const signal of critical.slice(0, 8)) find(`Critical: ${signal.companyName} - ${signal.description} (${isoDay(signal.detectedAt)}, confidence ${signal.confidence}%).`, true);
  const avgConfidence = average(signals.map((signal) => signal.confidence));
  if (avgConfidence !== null) find(`Average signal confidence is ${Math.round(avgConfidence)}%.`);
  return {
    findings,
    drawSections(doc) {
      doc.heading('Signals by severity and type');
      doc.barChart('Signals by severity', severities.map((entry, index) => ({ ...entry, color: ['#ef4444', '#f59e0b', '#3b82f6', '#10b981'][index] })));
      doc.pieChart('Signals by type', types.filter((entry) => entry.value > 0));
      if (signals.length > 1) doc.lineChart('Signals per day', signalsPerDay(signals));
      doc.heading('Most active companies');
      doc.table(
        [{ header: 'Company', width: 3 }, { header: 'Signals', align: 'right' }, { header: 'Critical', align: 'right' }],
        top.map((entry) => [entry.companyName, String(entry.total), String(entry.critical)]),
      );
      doc.heading('Critical signals');
      doc.table(
        [{ header: 'Detected', width: 0.9 }, { header: 'Company', width: 1.6 }, { header: 'Description', width: 3.4 }, { header: 'Conf.', width: 0.5, align: 'right' }],
        critical.map((signal) => [isoDay(signal.detectedAt), signal.companyName, signal.description, `${signal.confidence}%`]),
        { emptyText: 'No critical signals in this period.' },
      );
    },
  };
}

function riskAssessment(data: ReportData): ReportBody {
  const { companies } = data;
  const { findings, find } = findingList();
  const scores = companies.map((company) => company.aiRiskScore);
  const histogram = riskHistogram(scores);
  const highest = [...companies].sort((a, b) => b.aiRiskScore - a.aiRiskScore || b.btcHoldings - a.btcHoldings).slice(0, 15);
  const high = companies.filter((company) => company.aiRiskScore >= 8.5);
  const medium = companies.filter((company) => company.aiRiskScore >= 7 && company.aiRiskScore < 8.5);
  const counted = countedOf(companies);
  const scenarios = data.btcPriceUsd ? stressScenarios(counted, data.btcPriceUsd) : [];
  find(`Average risk score is ${number(average(scores) ?? 0)} of 10; ${high.length} companies score 8.5 or above (high) and ${medium.length} between 7 and 8.5 (medium).`, high.length > 0);
  for (const company of high.slice(0, 5)) find(`${nameWithTicker(company)} has a high risk score of ${number(company.aiRiskScore)}.`, true);
  for (const scenario of scenarios) {
    find(
      `A ${Math.round(scenario.drop * 100)}% BTC drawdown takes the confirmed treasury value of the top ${companies.length} holders (${counted.length} counted) to ${formatMoney(scenario.treasuryValueUsd)} (${formatMoney(scenario.valueChangeUsd)}), puts ${scenario.underwater} companies below their disclosed average cost${scenario.medianMnav !== null ? ` and lifts median mNAV to ${mnav(scenario.medianMnav)}` : ''}.`,
      scenario.drop >= 0.6 && scenario.underwater > 0,
    );
  }
  return {
    findings,
    drawSections(doc) {
      doc.heading('Risk score distribution');
      doc.barChart('Companies by risk score band', histogram.map((band) => ({ ...band, color: band.label === '8.5-10' ? '#ef4444' : band.label === '7-8.5' ? '#f59e0b' : '#10b981' })));
      doc.heading('Highest-risk companies');
      companyTable(doc, highest, data.btcYields);
      doc.heading('Stress scenarios');
      doc.paragraph('Confirmed figures of the top holders only (flagged and unconfirmed companies are left out). BTC falls while market capitalisations are held constant: treasury value falls in proportion and mNAV (market cap / NAV) rises by 1 / (1 - drop). Underwater = disclosed average cost per BTC above the stressed price.', { size: 9 });
      doc.table(
        [{ header: 'Scenario' }, { header: 'BTC price', align: 'right' }, { header: 'Treasury value', align: 'right', width: 1.2 }, { header: 'Change', align: 'right' }, { header: 'Median mNAV', align: 'right' }, { header: 'Underwater', align: 'right' }],
        scenarios.map((scenario) => [`BTC -${Math.round(scenario.drop * 100)}%`, formatMoney(scenario.btcPriceUsd), formatMoney(scenario.treasuryValueUsd), formatMoney(scenario.valueChangeUsd), mnav(scenario.medianMnav), String(scenario.underwater)]),
        { emptyText: 'No stored BTC price: stress scenarios need one.' },
      );
      if (scenarios.length) doc.barChart('Treasury value under stress', [{ label: 'Today', value: data.coveredTotals.valueUsd ?? 0 }, ...scenarios.map((scenario) => ({ label: `BTC -${Math.round(scenario.drop * 100)}%`, value: scenario.treasuryValueUsd }))], formatMoney);
      doc.heading('Sector exposure');
      doc.pieChart('Share of confirmed BTC held by sector', sectorAllocation(counted).map((share) => ({ label: share.sector, value: share.btcHoldings, color: sectorColor(share.sector) })), (value) => formatBtc(Math.round(value)));
    },
  };
}

function discoveryPipeline(data: ReportData): ReportBody {
  const { discoveries } = data;
  const { findings, find } = findingList();
  const byStatus = countBy(discoveries, (entry) => entry.status, ['investigating', 'watching', 'confirmed']);
  const byType = countBy(discoveries, (entry) => entry.type);
  const byPriority = countBy(discoveries, (entry) => entry.priority, ['high', 'medium', 'low']);
  const highPriority = discoveries.filter((entry) => entry.priority === 'high');
  find(`${discoveries.length} companies entered the discovery pipeline in the period: ${byStatus.map((entry) => `${entry.value} ${entry.label}`).join(', ')}.`);
  for (const entry of highPriority.slice(0, 6)) find(`High priority: ${entry.companyName}${entry.ticker ? ` (${entry.ticker})` : ''} - ${entry.description}`, entry.status === 'confirmed');
  return {
    findings,
    drawSections(doc) {
      doc.heading('Pipeline');
      doc.barChart('Discoveries by status', byStatus);
      doc.pieChart('Discoveries by type', byType.filter((entry) => entry.value > 0));
      doc.barChart('Discoveries by priority', byPriority.map((entry, index) => ({ ...entry, color: ['#ef4444', '#f59e0b', '#10b981'][index] })));
      doc.heading('Discoveries');
      doc.table(
        [{ header: 'Detected', width: 0.9 }, { header: 'Company', width: 1.6 }, { header: 'Status', width: 0.9 }, { header: 'Type', width: 1 }, { header: 'Priority', width: 0.7 }, { header: 'Description', width: 2.6 }],
        discoveries.map((entry) => [isoDay(entry.detectedAt), entry.companyName, entry.status, entry.type, entry.priority, entry.description]),
        { emptyText: 'No discoveries in this period.' },
      );
    },
  };
}

const reportBodies: Record<ReportType, (data: ReportData) => ReportBody> = {
  'Health Analysis': healthAnalysis,
  'Signal Analysis': signalAnalysis,
  'Risk Assessment': riskAssessment,
  Discovery: discoveryPipeline,
};

/** The cover's facts: what the report is, the period it covers and the price it values holdings at. */
function coverMeta(type: ReportType, template: ReportTemplate, data: ReportData): [string, string][] {
  return [
    ['Report type', type],
    ['Template', template === 'custom' ? 'Custom' : templateTitles[template]],
    ['Period', data.periodDays ? `${isoDay(new Date(data.now.getTime() - data.periodDays * day))} to ${isoDay(data.now)}` : `All history to ${isoDay(data.now)}`],
    ['Generated', `${data.now.toISOString().replace('T', ' ').slice(0, 16)} UTC`],
    ['Coverage', `Top ${data.companies.length} holders of ${data.trackedCompanies} tracked companies`],
    ['BTC price', data.btcPriceUsd ? `${formatMoney(data.btcPriceUsd)} (${data.btcPricedAt ? isoDay(data.btcPricedAt) : 'unknown date'})` : 'No stored price'],
  ];
}

/** The summary every report opens with: coverage, the totals (confirmed figures only) and the key findings. */
function drawSummary(doc: PdfDocumentBuilder, data: ReportData, findings: readonly Finding[]) {
  const covered = data.coveredTotals;
  doc.heading('Summary');
  doc.keyValues([
    ['Companies covered', `Top ${data.companies.length} holders of ${data.trackedCompanies} tracked companies; ${covered.counted} with confirmed figures`],
    [`BTC held by the top ${data.companies.length} (confirmed figures)`, formatBtc(covered.btc)],
    ['Value at the stored price', covered.valueUsd === null ? 'n/a' : formatMoney(covered.valueUsd)],
    ['Left out of the totals', covered.excluded.companies ? `${covered.excluded.companies} flagged or unconfirmed among the top ${data.companies.length}, ${formatBtc(covered.excluded.btc)}: ${covered.excluded.list.map(nameWithTicker).join(', ')}` : 'None'],
    [`All ${data.trackedCompanies} tracked companies (as on the dashboard)`, `${formatBtc(data.totals.btc)} from ${data.totals.counted} confirmed figures${data.totals.valueUsd === null ? '' : `, ${formatMoney(data.totals.valueUsd)}`}`],
    ['Findings', `${findings.length} (${findings.filter((finding) => finding.critical).length} critical)`],
  ]);
  doc.heading('Key findings', 2);
  doc.bullets(findings.map((finding) => (finding.critical ? `[Critical] ${finding.text}` : finding.text)));
}

/**
 * The title, description, findings and PDF of one report: the type's body states its findings first,
 * so the summary page can list them before the type's sections; every type but Health Analysis
 * (whose sections already table the top companies) ends with the top holders as an appendix.
 */
export async function buildReport(type: ReportType, template: ReportTemplate, data: ReportData): Promise<BuiltReport> {
  const period = periodLabel(data.periodDays);
  const prefix = template !== 'custom' ? `${templateTitles[template]}: ` : '';
  const title = `${prefix}${type} Report - ${period}`;
  const description = `${typeDescriptions[type]} (${period.toLowerCase()}, top ${Math.min(coveredCompanies, data.companies.length)} of ${data.trackedCompanies} companies).`;
  const body = reportBodies[type](data);
  const findings = [...totalsFindings(data), ...body.findings];
  const doc = await PdfDocumentBuilder.create({ title, subtitle: description, meta: coverMeta(type, template, data), disclaimer: reportDisclaimer });
  drawSummary(doc, data, findings);
  body.drawSections(doc);
  if (type !== 'Health Analysis') {
    doc.heading(`Appendix: the top ${data.companies.length} holders`);
    companyTable(doc, data.companies, data.btcYields);
  }
  const pdf = await doc.finish();
  return { title, description, findings, pdf, pages: doc.pageCount };
}

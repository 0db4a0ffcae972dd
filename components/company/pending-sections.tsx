import { CompanySection } from './company-section';

// Sections whose figures come from the capital-stack, KPI and issuance work of issue 26 (lib/capital,
// built beside this page): each takes its rendered figures as children and, until they are plugged
// in, says plainly that they are not shown here rather than that they do not exist.

interface PendingSectionProps {
  companyName: string;
  /** The section's figures, each dated and sourced; absent or null while none are stored. */
  children?: React.ReactNode;
  /** The section's downloads. */
  actions?: React.ReactNode;
}

function EmptySlot({ children }: { children: React.ReactNode }) {
  return (
    <p className="rounded-md border border-dashed p-4 text-sm text-muted-foreground" data-testid="section-empty">
      {children}
    </p>
  );
}

export function StrategyKpisSection({ companyName, children, actions }: PendingSectionProps) {
  return (
    <CompanySection actions={actions} id="kpis" title="Strategy's KPIs" description="BTC Yield, BTC Gain and BTC $ Gain over a chosen window, on assumed diluted shares where known.">
      {children ?? <EmptySlot>{companyName}&apos;s BTC Yield, BTC Gain and BTC $ Gain are not shown on this page yet.</EmptySlot>}
    </CompanySection>
  );
}

export function CapitalStackSection({ companyName, children, actions }: PendingSectionProps) {
  return (
    <CompanySection actions={actions} id="capital-stack" title="Capital stack" description="Convertible notes, preferreds and loans by seniority, with amplification and BTC rating.">
      {children ?? <EmptySlot>{companyName}&apos;s instruments are not shown on this page yet; EV mNAV above counts its debt, preferred and cash totals.</EmptySlot>}
    </CompanySection>
  );
}

export function IssuanceSection({ companyName, children, actions }: PendingSectionProps) {
  return (
    <CompanySection actions={actions} id="issuance" title="Issuance and purchases" description="Each purchase and capital raise, and whether it added to BTC per share.">
      {children ?? <EmptySlot>{companyName}&apos;s purchases and capital raises are not shown on this page yet.</EmptySlot>}
    </CompanySection>
  );
}

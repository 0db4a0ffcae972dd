import { CompanySection } from './company-section';

// Sections whose figures come from the capital-stack, KPI and issuance work of issue 26 (built
// beside this page). Each takes its content as children and says plainly when there is none yet.

interface PendingSectionProps {
  companyName: string;
  /** The section's figures, each dated and sourced; absent or null while none are stored. */
  children?: React.ReactNode;
}

function EmptySlot({ children }: { children: React.ReactNode }) {
  return (
    <p className="rounded-md border border-dashed p-4 text-sm text-muted-foreground" data-testid="section-empty">
      {children}
    </p>
  );
}

export function StrategyKpisSection({ companyName, children }: PendingSectionProps) {
  return (
    <CompanySection id="kpis" title="Strategy's KPIs" description="BTC Yield, BTC Gain and BTC $ Gain over a chosen window, on assumed diluted shares where known.">
      {children ?? <EmptySlot>No BTC Yield, BTC Gain or BTC $ Gain is computed for {companyName} yet.</EmptySlot>}
    </CompanySection>
  );
}

export function CapitalStackSection({ companyName, children }: PendingSectionProps) {
  return (
    <CompanySection id="capital-stack" title="Capital stack" description="Convertible notes, preferreds and loans by seniority, with amplification and BTC rating.">
      {children ?? <EmptySlot>No instruments are stored for {companyName} yet: only the debt, preferred and cash totals behind EV mNAV.</EmptySlot>}
    </CompanySection>
  );
}

export function IssuanceSection({ companyName, children }: PendingSectionProps) {
  return (
    <CompanySection id="issuance" title="Issuance and purchases" description="Each purchase and capital raise, and whether it added to BTC per share.">
      {children ?? <EmptySlot>No purchases or capital raises are stored for {companyName} yet.</EmptySlot>}
    </CompanySection>
  );
}

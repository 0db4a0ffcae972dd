'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FilePlus2 } from 'lucide-react';
import { useState } from 'react';
import { OptionSelect } from '@/components/shared/option-select';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { errorText } from '@/lib/http/api-client';
import { postReport, reportKeys } from '@/lib/reports/client';
import { defaultReportPeriod, reportPeriods, reportTypes, type ReportPeriod, type ReportType } from '@/lib/reports/options';
import { periodOptionLabels } from './period-select';

/** Generate Custom Report: pick a type and period; the report appears as generating, then ready. */
export function GenerateReportDialog() {
  const [open, setOpen] = useState(false);
  const [type, setType] = useState<ReportType>('Health Analysis');
  const [period, setPeriod] = useState<ReportPeriod>(defaultReportPeriod);
  const queryClient = useQueryClient();
  const generate = useMutation({
    mutationFn: () => postReport({ type, period, template: 'custom' }),
    onSuccess: (report) => {
      toast({ title: 'Report Generating', description: `${report.type} report for ${periodOptionLabels[period].toLowerCase()} is being generated.` });
      setOpen(false);
      void queryClient.invalidateQueries({ queryKey: reportKeys.all });
    },
    onError: (error) => {
      toast({ title: 'Report Failed', description: errorText(error), variant: 'destructive' });
    },
  });

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button>
          <FilePlus2 aria-hidden="true" />
          Generate Custom Report
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Generate Custom Report</DialogTitle>
          <DialogDescription>Builds a PDF from the stored data of the top 100 holders for the period you choose.</DialogDescription>
        </DialogHeader>
        <div className="grid gap-4">
          <div className="grid gap-2">
            <Label htmlFor="report-type">Report type</Label>
            <OptionSelect value={type} options={reportTypes.map((option) => ({ value: option, label: option }))} onChange={setType} id="report-type" className="w-full" />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="report-period">Period</Label>
            <OptionSelect
              value={period}
              options={reportPeriods.map((option) => ({ value: option, label: periodOptionLabels[option] }))}
              onChange={setPeriod}
              id="report-period"
              className="w-full"
            />
          </div>
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button onClick={() => generate.mutate()} disabled={generate.isPending}>
            {generate.isPending ? 'Generating...' : 'Generate Report'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

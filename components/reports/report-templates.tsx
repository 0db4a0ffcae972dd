'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LayoutTemplate } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/components/ui/use-toast';
import { errorText } from '@/lib/http/api-client';
import { postReport, reportKeys } from '@/lib/reports/client';
import { templateReportType, type ReportPeriod, type ReportTemplate } from '@/lib/reports/options';

const templates: { id: Exclude<ReportTemplate, 'custom'>; name: string; description: string }[] = [
  { id: 'executive-summary', name: 'Executive Summary', description: 'High-level health of the largest treasuries: grades, conviction, governance and mNAV.' },
  { id: 'technical-analysis', name: 'Technical Analysis', description: 'Risk scores, the highest-risk holders and BTC drawdown stress scenarios.' },
  { id: 'regulatory-compliance', name: 'Regulatory Compliance', description: 'Filing-driven signals by severity and type, with the critical signals in full.' },
];

/** Use Template: 'Template Selected', then after 1.5 s 'Template Ready' as the report is requested (spec 001 §4). */
export function ReportTemplates({ period }: { period: ReportPeriod }) {
  const queryClient = useQueryClient();
  const timers = useRef<number[]>([]);
  useEffect(() => () => timers.current.forEach(window.clearTimeout), []);
  const create = useMutation({
    mutationFn: (template: Exclude<ReportTemplate, 'custom'>) => postReport({ template, period }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: reportKeys.all }),
    onError: (error) => toast({ title: 'Report Failed', description: errorText(error), variant: 'destructive' }),
  });

  const selectTemplate = (template: (typeof templates)[number]) => {
    toast({ title: 'Template Selected', description: `${template.name} template selected. Preparing your report...` });
    timers.current.push(
      window.setTimeout(() => {
        toast({ title: 'Template Ready', description: `Your ${template.name} report is being generated and will appear under Recent Reports.` });
        create.mutate(template.id);
      }, 1500),
    );
  };

  return (
    <div className="grid gap-4 md:grid-cols-3">
      {templates.map((template) => (
        <Card key={template.id} data-testid="report-template">
          <CardHeader>
            <LayoutTemplate className="size-5 text-muted-foreground" aria-hidden="true" />
            <CardTitle>{template.name}</CardTitle>
            <CardDescription>{template.description}</CardDescription>
          </CardHeader>
          <CardContent className="space-y-3">
            <p className="text-xs text-muted-foreground">Produces a {templateReportType[template.id]} report.</p>
            <Button variant="outline" className="w-full" onClick={() => selectTemplate(template)}>
              Use Template
            </Button>
          </CardContent>
        </Card>
      ))}
    </div>
  );
}

import { Lightbulb } from 'lucide-react';
import { TextList } from '@/components/shared/text-list';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

const steps = [
  'Our product team reads every suggestion.',
  'Critical and high priority ideas are reviewed first.',
  'Leave an email if you would like us to follow up.',
] as const;

/** The side panel of Feature Suggestions: what happens to a suggestion once sent. */
export function SuggestionGuide() {
  return (
    <Card className="h-fit">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Lightbulb className="size-5 text-primary" aria-hidden="true" />
          <h2 className="text-lg">What Happens Next</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <TextList items={steps} ordered className="list-decimal space-y-2 pl-5 text-sm text-muted-foreground" />
      </CardContent>
    </Card>
  );
}

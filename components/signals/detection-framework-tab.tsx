import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

// Static description of how signals are detected (spec 001 §2 Signals, Detection Framework tab; §9).
const layers = [
  { title: 'Layer 1: Filing Monitor', text: 'Watches SEC EDGAR for 8-K, 10-Q, 10-K, Form 4 and proxy filings that mention bitcoin purchases, treasury policy changes or insider transactions.' },
  { title: 'Layer 2: Social Sentiment', text: 'Tracks executive posts, news coverage and community discussion for early mentions of crypto treasury plans.' },
  { title: 'Layer 3: Market Analysis', text: 'Compares price, volume and options activity with BTC to spot unusual moves before and after announcements.' },
];

export function DetectionFrameworkTab() {
  return (
    <div className="space-y-4">
      <div className="grid gap-4 md:grid-cols-3">
        {layers.map((layer) => (
          <Card key={layer.title}>
            <CardHeader>
              <CardTitle>{layer.title}</CardTitle>
            </CardHeader>
            <CardContent className="text-sm text-muted-foreground">{layer.text}</CardContent>
          </Card>
        ))}
      </div>
      <Card>
        <CardHeader>
          <CardTitle>Signal Quality Filters</CardTitle>
        </CardHeader>
        <CardContent>
          <ul className="list-disc space-y-1 pl-5 text-sm">
            <li>Confidence scoring: every signal is scored 70-99%.</li>
            <li>Pump-check filter: excludes price spikes above 10% in 3 days.</li>
            <li>Source verification: each signal links back to its original filing or data source.</li>
            <li>Duplicate suppression: one signal per filing and event.</li>
          </ul>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Alert Prioritization</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4 text-sm md:grid-cols-2">
          <div>
            <p className="mb-1 font-medium text-red-600 dark:text-red-400">Critical triggers</p>
            <ul className="list-disc space-y-1 pl-5">
              <li>Confirmed bitcoin purchase disclosed in an SEC filing</li>
              <li>Board-approved treasury policy change</li>
              <li>Large open-market insider purchase</li>
            </ul>
          </div>
          <div>
            <p className="mb-1 font-medium text-orange-700 dark:text-orange-400">High-priority triggers</p>
            <ul className="list-disc space-y-1 pl-5">
              <li>Board meeting or proxy filing mentioning bitcoin</li>
              <li>Unusual trading volume ahead of an announcement</li>
              <li>Executive statements about crypto treasury plans</li>
            </ul>
          </div>
        </CardContent>
      </Card>
    </div>
  );
}

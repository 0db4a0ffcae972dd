import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

// Static catalogue of what feeds detection (spec 001 §2 Signals, Data Sources tab).
const groups = [
  { title: 'Regulatory Filings', items: ['SEC Edgar API', 'Form 4 Insider Trading', 'Form 8-K Current Reports', '10-Q/10-K Quarterly Reports'] },
  { title: 'Social Media & News', items: ['X/Twitter API', 'RSS News Feeds', 'Financial News API', 'Yahoo Finance'] },
  { title: 'Market & On-Chain Data', items: ['CoinGecko Market Board', 'Blockchain Explorer', 'Wallet Verification', 'Trading Volume Analysis'] },
  { title: 'Advanced Monitoring', items: ['Pre-Pump Indicators', 'Options Activity', 'Board Meeting Calendar', 'Insider Timing Analysis'] },
];

export function DataSourcesTab() {
  return (
    <div className="grid gap-4 md:grid-cols-2">
      {groups.map((group) => (
        <Card key={group.title}>
          <CardHeader>
            <CardTitle>{group.title}</CardTitle>
          </CardHeader>
          <CardContent>
            <ul className="space-y-2">
              {group.items.map((item) => (
                <li key={item} className="flex items-center justify-between gap-2 text-sm">
                  <span>{item}</span>
                  <Badge variant="success">Active</Badge>
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
      ))}
    </div>
  );
}

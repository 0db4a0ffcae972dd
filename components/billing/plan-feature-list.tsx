import { Check } from 'lucide-react';

/** A plan card's features, each after a check mark (plans page and billing page). */
export function PlanFeatureList({ features }: { features: readonly string[] }) {
  return (
    <ul className="space-y-2 text-sm">
      {features.map((feature) => (
        <li key={feature} className="flex gap-2">
          <Check className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
          {feature}
        </li>
      ))}
    </ul>
  );
}

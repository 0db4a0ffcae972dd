import { BookOpen } from 'lucide-react';
import { Button } from '@/components/ui/button';

/** The spec's View Documentation button: it leads to the notes on how the figures are counted. */
export function ViewDocumentationButton() {
  return (
    <Button variant="outline" asChild>
      <a href="#methodology">
        <BookOpen />
        View Documentation
      </a>
    </Button>
  );
}

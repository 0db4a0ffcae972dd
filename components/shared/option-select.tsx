import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';

interface OptionSelectProps<Value extends string> extends Omit<React.ComponentProps<typeof SelectTrigger>, 'onChange' | 'value'> {
  value: Value;
  options: readonly { value: Value; label: React.ReactNode }[];
  onChange: (value: Value) => void;
  placeholder?: string;
}

/** A select of fixed options, each shown by its label; the other props (id, aria-*, class, ref) go to its trigger. */
export function OptionSelect<Value extends string>({ value, options, onChange, placeholder, disabled, ...trigger }: OptionSelectProps<Value>) {
  return (
    <Select value={value} onValueChange={(next) => onChange(next as Value)} disabled={disabled}>
      <SelectTrigger {...trigger}>
        <SelectValue placeholder={placeholder} />
      </SelectTrigger>
      <SelectContent>
        {options.map((option) => (
          <SelectItem key={option.value} value={option.value}>
            {option.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

import { Input } from '@/components/ui/input';
import { digitsOnly } from './mfa-texts';

/** The 6-digit authenticator code field of the setup wizard and the verification dialog. */
export function TotpCodeInput({ id, value, onChange }: { id: string; value: string; onChange: (code: string) => void }) {
  return (
    <Input
      id={id}
      inputMode="numeric"
      autoComplete="one-time-code"
      placeholder="000000"
      maxLength={6}
      value={value}
      onChange={(event) => onChange(digitsOnly(event.target.value))}
      className="text-center font-mono text-lg tracking-[0.5em]"
      autoFocus
    />
  );
}

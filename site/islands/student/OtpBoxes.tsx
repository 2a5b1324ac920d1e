import { useRef, type ClipboardEvent, type KeyboardEvent } from 'react';

interface Props {
  value: string[];
  onChange: (digits: string[]) => void;
  describedBy?: string | undefined;
  invalid?: boolean;
}

/** Six single-digit boxes: digits only, one per box, moves on as you type, paste fills them all. */
export function OtpBoxes({ value, onChange, describedBy, invalid }: Props) {
  const refs = useRef<(HTMLInputElement | null)[]>([]);
  const focus = (i: number) => refs.current[Math.max(0, Math.min(5, i))]?.focus();

  const set = (i: number, raw: string) => {
    const digits = raw.replace(/\D/g, '');
    if (digits.length > 1) return fill(digits, i);
    const next = [...value];
    next[i] = digits;
    onChange(next);
    if (digits) focus(i + 1);
  };

  const fill = (digits: string, from = 0) => {
    const next = [...value];
    for (let k = 0; k < digits.length && from + k < 6; k++) next[from + k] = digits[k]!;
    onChange(next);
    focus(Math.min(5, from + digits.length));
  };

  const onPaste = (i: number, e: ClipboardEvent<HTMLInputElement>) => {
    e.preventDefault();
    const digits = e.clipboardData.getData('text').replace(/\D/g, '').slice(0, 6);
    if (digits) fill(digits, digits.length === 6 ? 0 : i);
  };

  const onKeyDown = (i: number, e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Backspace' && !value[i]) focus(i - 1);
    if (e.key === 'ArrowLeft') focus(i - 1);
    if (e.key === 'ArrowRight') focus(i + 1);
  };

  return (
    <div className="st-otp" role="group" aria-label="6-digit code" aria-describedby={describedBy}>
      {value.map((digit, i) => (
        <input
          key={i}
          ref={(el) => {
            refs.current[i] = el;
          }}
          aria-label={`Digit ${i + 1}`}
          inputMode="numeric"
          autoComplete={i === 0 ? 'one-time-code' : 'off'}
          pattern="[0-9]*"
          maxLength={6}
          value={digit}
          aria-invalid={invalid ? true : undefined}
          onChange={(e) => set(i, e.target.value)}
          onPaste={(e) => onPaste(i, e)}
          onKeyDown={(e) => onKeyDown(i, e)}
          onFocus={(e) => e.target.select()}
        />
      ))}
    </div>
  );
}

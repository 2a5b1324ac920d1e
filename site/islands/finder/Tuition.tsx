import { useMemo } from 'react';
import { rateTableFrom } from '#schemas/money.ts';
import type { RatesTable } from '#schemas/programs.ts';
import { useDisplayCurrency } from '#site/lib/display-currency.ts';
import { tuitionIn } from '#site/lib/format.ts';

export interface TuitionProps {
  basePrice: number | null;
  currency: string;
  /** Units per US dollar by currency (only what a conversion needs: the page's props stay small). */
  rates: Record<string, Pick<RatesTable[string], 'unitsPerUsd'>>;
}

/**
 * The subject page's tuition (Program Overview) in the currency the person chose:
 * pre-rendered in the program's own currency, converted once the browser knows the choice.
 */
export default function Tuition({ basePrice, currency, rates }: TuitionProps) {
  const target = useDisplayCurrency();
  const table = useMemo(() => rateTableFrom(rates), [rates]);
  const { shown, own } = tuitionIn(basePrice, currency, target, table);
  return (
    <span data-testid="tuition">
      {shown}
      {own && <span className="total-cost__basis">{own}</span>}
    </span>
  );
}

import { chooseCurrency, useDisplayCurrency } from '#site/lib/display-currency.ts';
import { LEAVES_OUT, formatDay, type Estimate } from '#schemas/total-cost.ts';
import { formatWhole, isCurrency, type CurrencyCode } from '#schemas/money.ts';
import { CurrencyOptions } from './currency-options.tsx';

/**
 * The estimate's currency: the one the person chose (the URL's, else the one remembered on this
 * device: site/lib/display-currency.ts), else the program's own. Picking one changes every price on
 * the page and keeps it in the URL.
 */
export function usePreferredCurrency(own: string): [CurrencyCode, (c: CurrencyCode) => void] {
  const chosen = useDisplayCurrency();
  return [chosen ?? (isCurrency(own) ? own : 'GBP'), chooseCurrency];
}

export function CurrencyPicker({
  id,
  value,
  onChange,
}: {
  id: string;
  value: CurrencyCode;
  onChange: (c: CurrencyCode) => void;
}) {
  return (
    <div className="total-cost__pick">
      <label htmlFor={id}>Show costs in</label>
      <select id={id} value={value} onChange={(e) => isCurrency(e.target.value) && onChange(e.target.value)}>
        <CurrencyOptions />
      </select>
    </div>
  );
}

const missingText: Record<string, string> = {
  tuition: 'tuition (no fee published yet)',
  living: 'living costs',
  visa: 'the visa fee',
};

/** The breakdown: each part per year and for the whole program, with its basis, source and date; totals below. */
export function CostTable({ estimate, caption }: { estimate: Estimate; caption: string }) {
  if (!estimate.ok) return <p className="alert alert--info">{estimate.reason}</p>;
  const money = (n: bigint) => formatWhole(n, estimate.currency);
  const wholeLabel = `Whole program (${estimate.months} months)`;
  return (
    <table data-testid="cost-breakdown" data-currency={estimate.currency}>
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Cost</th>
          <th scope="col" className="num">
            Per year
          </th>
          <th scope="col" className="num">
            {wholeLabel}
          </th>
        </tr>
      </thead>
      <tbody>
        {estimate.lines.map((l) => (
          <tr key={l.key} data-cost={l.key}>
            <th scope="row">
              {l.label}
              <span className="total-cost__basis">
                {l.basis}. {l.source}, {l.dated}.
              </span>
            </th>
            <td className="num" data-amount={l.perYear?.toString() ?? ''} data-label="Per year">
              {l.perYear === null ? 'One-off' : money(l.perYear)}
            </td>
            <td className="num" data-amount={l.wholeProgram.toString()} data-label={wholeLabel}>
              {money(l.wholeProgram)}
            </td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr data-cost="total">
          <th scope="row">Estimated total</th>
          <td className="num" data-amount={estimate.perYear.toString()} data-label="Per year">
            {money(estimate.perYear)}
          </td>
          <td className="num" data-amount={estimate.wholeProgram.toString()} data-label={wholeLabel}>
            {money(estimate.wholeProgram)}
          </td>
        </tr>
      </tfoot>
    </table>
  );
}

/**
 * What the figures rest on and what they leave out, in plain words. `many`: the note under several
 * programs' estimates (compare), which says nothing that holds for one of them only.
 */
export function CostNote({ estimate, many = false }: { estimate: Estimate; many?: boolean }) {
  if (!estimate.ok)
    return (
      <div className="total-cost__note">
        <p>{LEAVES_OUT}</p>
      </div>
    );
  if (many) {
    return (
      <div className="total-cost__note">
        {estimate.conversion && (
          <p>{`Costs converted into ${estimate.currency} at exchange rates as of ${formatDay(estimate.conversion.asOf)} (${estimate.conversion.sources.join('; ')}), rounded once to whole units. Each program's page shows its breakdown with every figure's source and date.`}</p>
        )}
        <p>{LEAVES_OUT}</p>
      </div>
    );
  }
  const missing = estimate.missing.map((m) => missingText[m]).filter(Boolean);
  return (
    <div className="total-cost__note">
      <p>
        {estimate.conversion
          ? `Converted into ${estimate.currency} at exchange rates as of ${formatDay(estimate.conversion.asOf)} (${estimate.conversion.sources.join('; ')}), rounded once to whole units.`
          : `In ${estimate.currency}, the currency the costs are published in, rounded to whole units.`}
        {estimate.monthsAssumed && ' The program length is not published: one year is assumed.'}
        {missing.length > 0 &&
          ` We have no figure yet for ${missing.join(' or ')}, so the total leaves it out.`}
        {!estimate.lines.some((l) => l.key === 'health') &&
          ' No government health surcharge is listed for this country; health insurance you must buy is not included.'}
      </p>
      <p>{LEAVES_OUT}</p>
    </div>
  );
}

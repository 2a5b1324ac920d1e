import type { CostInputs, RatesTable } from '#schemas/programs.ts';
import { estimateTotalCost } from '#schemas/total-cost.ts';
import { CostNote, CostTable, CurrencyPicker, usePreferredCurrency } from './cost-view.tsx';

export interface TotalCostProps {
  programName: string;
  /** The program's own currency (the estimate's first currency). */
  currency: string;
  costs: CostInputs;
  rates: RatesTable;
}

/**
 * "Estimated total cost" on /subject/{id}: tuition, living costs, visa and health
 * charges per year and for the whole program, in the currency the student picks. Pre-rendered in the
 * program's currency from the figures of the last publish (each with its date); converting needs no
 * request. A program newer than the build gets its figures from the API (SubjectShell).
 */
export default function TotalCost({ programName, currency: own, costs, rates }: TotalCostProps) {
  const [currency, setCurrency] = usePreferredCurrency(own);
  const estimate = estimateTotalCost(costs, currency, rates);
  return (
    <section className="card card__body total-cost" aria-labelledby="total-cost-title">
      <h2 id="total-cost-title">Estimated total cost</h2>
      <CurrencyPicker id="total-cost-currency" value={currency} onChange={setCurrency} />
      <CostTable estimate={estimate} caption={`Estimated total cost of ${programName}`} />
      <CostNote estimate={estimate} />
    </section>
  );
}

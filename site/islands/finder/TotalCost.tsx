import { useQuery } from '@tanstack/react-query';
import type { CostInputs, ProgramCostsResponse, RatesTable } from '../../../schemas/programs.ts';
import { estimateTotalCost } from '../../../schemas/total-cost.ts';
import { api } from '../../lib/api.ts';
import { withQuery } from '../common/with-query.tsx';
import { CostNote, CostTable, CurrencyPicker, usePreferredCurrency } from './cost-view.tsx';

export interface TotalCostProps {
  subjectId: string;
  programName: string;
  /** The program's own currency (the estimate's first currency). */
  currency: string;
  /** The build's figures; without them (a program newer than the build) they are fetched. */
  costs?: CostInputs | undefined;
  rates?: RatesTable | undefined;
}

/**
 * "Estimated total cost" on /subject/{id} (issue 17 item 7): tuition, living costs, visa and health
 * charges per year and for the whole program, in the currency the student picks. Pre-rendered in the
 * program's currency from the build's figures; refreshed from the API once on screen.
 */
function TotalCost({ subjectId, programName, currency: own, costs, rates }: TotalCostProps) {
  const [currency, setCurrency] = usePreferredCurrency(own);
  const fresh = useQuery({
    queryKey: ['program-costs', subjectId],
    queryFn: () => api<ProgramCostsResponse>(`/api/programs/${encodeURIComponent(subjectId)}/costs`),
    initialData: costs && rates ? { costs, rates } : undefined,
    initialDataUpdatedAt: 0,
  });
  const estimate = fresh.data && estimateTotalCost(fresh.data.costs, currency, fresh.data.rates);
  return (
    <section className="card card__body total-cost" aria-labelledby="total-cost-title">
      <h2 id="total-cost-title">Estimated total cost</h2>
      <CurrencyPicker id="total-cost-currency" value={currency} onChange={setCurrency} />
      {estimate ? (
        <>
          <CostTable estimate={estimate} caption={`Estimated total cost of ${programName}`} />
          <CostNote estimate={estimate} />
        </>
      ) : fresh.isError ? <p className="alert alert--error" role="alert">The cost estimate could not be loaded. Please try again later.</p> : <div className="spinner" role="status" aria-label="Loading the cost estimate" />}
    </section>
  );
}

export default withQuery(TotalCost);

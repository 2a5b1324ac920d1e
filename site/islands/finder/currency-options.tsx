import { currencyCodes, currencyLabel } from '#schemas/money.ts';

/** One option per currency prices can be shown in ("NGN — Nigerian naira"): the finder's and the cost pickers. */
export function CurrencyOptions() {
  return currencyCodes.map((c) => (
    <option key={c} value={c}>
      {currencyLabel(c)}
    </option>
  ));
}

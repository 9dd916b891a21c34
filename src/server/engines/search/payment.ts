/**
 * A monthly payment estimate — the number a buyer asks for most: principal and interest by the
 * standard amortisation formula, for a listing named or in view (or a price or loan the visitor
 * gives), from the down payment, rate and term the visitor says, and for what they do not say,
 * assumptions the answer states (20 % down, 30 years, the chatbot's MortgageRate). What it leaves
 * out — taxes, insurance, the listing's HOA fee — is said too. Reading is one pass of bounded
 * patterns over the question: linear in its length.
 */

/** A question that asks for a payment, not for homes: "monthly payment", "mortgage", "a loan", "20% down". */
export const ASKS_PAYMENT =
  /\b(?:mortgage|monthly payments?|(?<!(?:hoa|rent|deposit|association) )payments?|borrow(?:ed|ing)?|loan|down ?payment|amorti[sz]\w*)\b|\b\d+(?:\.\d+)?(?:\s*(?:%|percent|k|thousand))?\s+down\b|\bput\b[^.?!]{0,20}\bdown\b/;

/** What a question says of a payment; each part absent when it says nothing of it. */
export interface PaymentTerms {
  /** A price to buy at ("a $400,000 home"). */
  price?: number;
  /** An amount borrowed ("borrow $300,000", "a 250k loan"): no down payment is taken from it. */
  loan?: number;
  downPct?: number;
  downAmount?: number;
  ratePct?: number;
  years?: number;
}

const SCALE: Record<string, number> = { k: 1e3, thousand: 1e3, m: 1e6, mil: 1e6, million: 1e6 };
// A number with what follows it: a percent, a scale, or a term. The tail after it is looked at for
// "down" or "loan"; the words before, for "borrow".
const NUMBER = /(\$\s?)?(\d+(?:\.\d+)?)\s*(%|percent\b|k\b|thousand\b|million\b|mil\b|m\b|-?\s?years?\b|-?\s?yrs?\b)?/g;

/** The terms `t` (normalized: lower case, thousands separators gone) gives. */
export function paymentTerms(t: string): PaymentTerms {
  const out: PaymentTerms = {};
  for (const m of t.matchAll(NUMBER)) {
    const value = Number(m[2]);
    const unit = (m[3] ?? '').replace(/[-\s]/g, '');
    const after = t.slice(m.index + m[0].length, m.index + m[0].length + 20);
    const before = t.slice(Math.max(0, m.index - 12), m.index);
    if (unit === '%' || unit === 'percent') {
      if (/^\s*(?:down|deposit)\b/.test(after)) out.downPct ??= value;
      else if (value > 0 && value <= 25) out.ratePct ??= value;
      continue;
    }
    if (/^(?:years?|yrs?)$/.test(unit)) {
      if (value >= 1 && value <= 50) out.years ??= value;
      continue;
    }
    const amount = value * (SCALE[unit] ?? 1);
    // A bare small number is a house number or a count, not money.
    if (!m[1] && !unit && amount < 1_000) continue;
    if (/^\s*(?:down|deposit)\b/.test(after)) out.downAmount ??= amount;
    else if (/\bborrow(?:ed|ing)?(?:\s*(?:about|around))?\s*$/.test(before) || /^\s*(?:loan|mortgage)\b/.test(after))
      out.loan ??= amount;
    else out.price ??= amount;
  }
  return out;
}

/** Principal and interest a month: M = P·r / (1 − (1 + r)^−n), r the monthly rate, n the months. */
export function monthlyPayment(principal: number, ratePct: number, years: number): number {
  const r = ratePct / 100 / 12;
  const n = years * 12;
  return r === 0 ? principal / n : (principal * r) / (1 - (1 + r) ** -n);
}

/** A payment worked out: what is borrowed and paid, and which terms were assumed rather than given. */
export interface Estimate {
  principal: number;
  /** The down payment taken from the price (0 for a loan given as such). */
  down: number;
  rate: number;
  years: number;
  monthly: number;
  assumed: { down: boolean; rate: boolean; years: boolean };
}

/**
 * The estimate for `terms` — a loan as given, or `price` less the down payment — the terms not
 * given assumed: 20 % down, `defaultRate`, 30 years. Shared by the offline answer and the model's
 * `estimate_payment` tool (tools.ts), so both say the same figure.
 */
export function estimate(terms: PaymentTerms, price: number | undefined, defaultRate: number): Estimate {
  const noDown = terms.downAmount === undefined && terms.downPct === undefined;
  const down = terms.loan !== undefined ? 0 : (terms.downAmount ?? ((price ?? 0) * (terms.downPct ?? 20)) / 100);
  const principal = terms.loan ?? Math.max(0, (price ?? 0) - down);
  const rate = terms.ratePct ?? defaultRate;
  const years = terms.years ?? 30;
  return {
    principal,
    down,
    rate,
    years,
    monthly: monthlyPayment(principal, rate, years),
    assumed: {
      down: terms.loan === undefined && noDown,
      rate: terms.ratePct === undefined,
      years: terms.years === undefined,
    },
  };
}

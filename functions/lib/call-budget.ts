// What one Cron invocation may spend, and the bindings that count it (docs/decisions/020-scheduled-work-in-budget.md).
//
// Cloudflare limits each invocation: D1 allows 1,000 queries on Workers Paid (50 on Free), and
// subrequests (fetch, and calls to Cloudflare services such as R2) are capped per invocation too.
// Past a limit the platform throws mid-run, so a job that fans out (a digest to every alert) would
// stop at an arbitrary point. Each job therefore runs against a budget well under those limits:
// it asks before each unit of work whether the budget affords it and stops cleanly when not, leaving
// the rest for its next run; and the bindings it is given count every call, refusing one past the
// budget, so a job that forgot to ask stops here rather than at the platform's limit.

/** The kinds of call a run counts. */
export type CallKind = 'queries' | 'subrequests';
export type CallCost = Partial<Record<CallKind, number>>;

/**
 * One run's budget: half of Workers Paid's 1,000 D1 queries per invocation, and as many
 * subrequests (mail provider calls, R2 operations; Paid allows 10,000, Free 1,000 to Cloudflare's
 * services and 50 outside). Workers Paid is required (sign-in's password hash alone exceeds Free's
 * CPU time); the margin absorbs a query a count missed.
 */
export const RUN_BUDGET: Readonly<Record<CallKind, number>> = { queries: 500, subrequests: 500 };

/** A call the budget did not allow: the job stops here; the next run carries on. */
export class BudgetExhausted extends Error {
  readonly kind: CallKind;
  constructor(kind: CallKind) {
    super(`The run's ${kind} budget is spent`);
    this.name = 'BudgetExhausted';
    this.kind = kind;
  }
}

/** Whether an error is, or was caused by, a call the budget refused (Drizzle wraps what D1 throws). */
export const isBudgetExhausted = (error: unknown): boolean =>
  error instanceof BudgetExhausted || (error instanceof Error && isBudgetExhausted(error.cause));

/** Counts one run's calls against its limits. */
export class RunBudget {
  readonly used: Record<CallKind, number> = { queries: 0, subrequests: 0 };
  readonly limits: Readonly<Record<CallKind, number>>;

  // (No parameter property: the rehearsal imports this module in Node, which strips types only.)
  constructor(limits: Readonly<Record<CallKind, number>> = RUN_BUDGET) {
    this.limits = limits;
  }

  /** Calls of this kind still allowed. */
  left(kind: CallKind) {
    return Math.max(0, this.limits[kind] - this.used[kind]);
  }

  /** Whether the budget still affords `cost` (with `reserve` kept back for the run's closing calls). */
  affords(cost: CallCost, reserve: CallCost = {}) {
    return (Object.keys(this.used) as CallKind[]).every(
      (kind) => (cost[kind] ?? 0) + (reserve[kind] ?? 0) <= this.left(kind),
    );
  }

  /** How many units of `cost` the budget affords, after `reserve`, at most `max`. */
  howMany(cost: CallCost, max: number, reserve: CallCost = {}) {
    let n = max;
    for (const kind of Object.keys(this.used) as CallKind[]) {
      const each = cost[kind] ?? 0;
      if (each > 0) n = Math.min(n, Math.floor((this.left(kind) - (reserve[kind] ?? 0)) / each));
    }
    return Math.max(0, n);
  }

  /** Records `n` calls; throws BudgetExhausted (recording nothing) when they do not fit. */
  spend(kind: CallKind, n = 1) {
    if (this.used[kind] + n > this.limits[kind]) throw new BudgetExhausted(kind);
    this.used[kind] += n;
  }
}

const STATEMENT_CALLS = new Set(['first', 'run', 'all', 'raw']);

/**
 * A D1 statement whose executions count as queries. It stays D1's own object (batch() accepts only
 * those): its methods are replaced on the instance, and bind() returns another counted one.
 */
function countedStatement(statement: D1PreparedStatement, budget: RunBudget): D1PreparedStatement {
  const target = statement as unknown as Record<string, (...args: unknown[]) => unknown>;
  const bind = target.bind!.bind(statement);
  target.bind = (...values: unknown[]) => countedStatement(bind(...values) as D1PreparedStatement, budget);
  for (const name of STATEMENT_CALLS) {
    const call = target[name]!.bind(statement);
    target[name] = (...args: unknown[]) => {
      budget.spend('queries');
      return call(...args);
    };
  }
  return statement;
}

/** The D1 binding as a job sees it: every statement, and every statement of a batch, is a query. */
export function countedD1(db: D1Database, budget: RunBudget): D1Database {
  return new Proxy(db, {
    get(target, prop) {
      if (prop === 'prepare') return (query: string) => countedStatement(target.prepare(query), budget);
      if (prop === 'batch')
        return (statements: D1PreparedStatement[]) => {
          budget.spend('queries', statements.length);
          return target.batch(statements);
        };
      if (prop === 'exec')
        return (query: string) => {
          budget.spend('queries');
          return target.exec(query);
        };
      const value: unknown = Reflect.get(target, prop);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

const BUCKET_CALLS = new Set(['head', 'get', 'put', 'delete', 'list', 'createMultipartUpload']);

/** The R2 binding as a job sees it: each operation is a subrequest. */
export function countedBucket(bucket: R2Bucket, budget: RunBudget): R2Bucket {
  return new Proxy(bucket, {
    get(target, prop) {
      const value: unknown = Reflect.get(target, prop);
      if (typeof value !== 'function') return value;
      const call = (value as (...a: unknown[]) => unknown).bind(target);
      if (typeof prop !== 'string' || !BUCKET_CALLS.has(prop)) return call;
      return (...args: unknown[]) => {
        budget.spend('subrequests');
        return call(...args);
      };
    },
  });
}

/** fetch() as a job sees it: each call is a subrequest. */
export const countedFetch =
  (budget: RunBudget): typeof fetch =>
  (input, init) => {
    budget.spend('subrequests');
    return fetch(input, init);
  };

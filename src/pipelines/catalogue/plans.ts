/**
 * Subscription plans, lowest first. The spec: "Subscription plans are Plus, Pro and
 * Enterprise (ascending). A table cell names the lowest plan from which an item is available."
 */
export const PLANS = ['plus', 'pro', 'enterprise'] as const;

export type Plan = (typeof PLANS)[number];

/** How plans are written in docs and error messages. */
export const PLAN_NAMES: Readonly<Record<Plan, string>> = {
  plus: 'Plus',
  pro: 'Pro',
  enterprise: 'Enterprise',
};

export function isPlan(value: unknown): value is Plan {
  return typeof value === 'string' && (PLANS as readonly string[]).includes(value);
}

/** True when a `have` subscription includes everything offered from plan `need` up. */
export function planAtLeast(have: Plan, need: Plan): boolean {
  return PLANS.indexOf(have) >= PLANS.indexOf(need);
}

export function planName(plan: Plan): string {
  return PLAN_NAMES[plan];
}

import { LIMITS } from '@vanya/catalog';

export const POLICY_TEXTS = {
  returnPolicyHeading: 'Return Policy',
  returnPolicyLead: `You can ask for a return within ${LIMITS.returnWindowDays} days of delivery. The full policy follows here.`,
} as const;

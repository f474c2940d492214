import { brand, DELIVERY, LIMITS } from '@vanya/catalog';

export const POLICY_TEXTS = {
  returnPolicyHeading: 'Return Policy',
  returnPolicyLead: `You can ask for a return within ${LIMITS.returnWindowDays} days of delivery. Here is how it works.`,
  promiseHeading: `Our ${LIMITS.returnWindowDays}-day promise`,
  promise: `If something is not right with your order, tell us within ${LIMITS.returnWindowDays} days of delivery and we will make it right: a refund to your original payment method, a bank transfer or store credit, whichever you prefer.`,
  stepsHeading: 'How it works',
  steps: [
    {
      title: 'Request a return',
      text: 'Open My Account, go to the Returns tab, choose the order and tell us what went wrong. No account? Write to us from the contact page with your order number.',
    },
    {
      title: 'We approve it',
      text: 'We reply within two business days by email, with a free pickup for damaged or wrong items.',
    },
    {
      title: 'Send it back',
      text: 'Pack the items in their original box if you still have it. Our courier picks them up from your address.',
    },
    {
      title: 'Get your refund',
      text: `Once the parcel reaches us, we refund you within ${DELIVERY.businessDaysMax} business days, to the method you chose.`,
    },
  ],
  eligibleHeading: 'What can be returned',
  eligible: [
    'Unopened products, for any reason',
    'Products that arrived damaged, leaking or broken (please send a photo)',
    'The wrong product, or a product missing from your order',
    'A product that caused a reaction: stop using it and write to us',
  ],
  notEligibleHeading: 'What cannot be returned',
  notEligible: [
    'Opened products that are not damaged or faulty, for reasons of hygiene',
    `Orders delivered more than ${LIMITS.returnWindowDays} days ago`,
    'Gift hampers whose box has been opened, unless an item is damaged',
  ],
  helpHeading: 'Need help?',
  help: `Write to ${brand.supportEmail} or use the contact page, and include your order number (it starts with ${brand.orderPrefix}-).`,
  startReturn: 'Start a return',
  contactUs: 'Contact us',
} as const;

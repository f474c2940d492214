export const CONSENT_TEXTS = {
  region: 'Cookie consent',
  heading: 'We value your privacy',
  body: 'We use necessary cookies to run the shop and keep your cart. With your permission we also use analytics cookies to learn what works and marketing cookies to show you relevant offers.',
  acceptAll: 'Accept All',
  reject: 'Reject',
  customise: 'Customise',
  save: 'Save Preferences',
  saving: 'Saving…',
  back: 'Back',
  categories: {
    necessary: {
      label: 'Necessary',
      text: 'Sign-in, your cart and security. Always on.',
    },
    analytics: {
      label: 'Analytics',
      text: 'Anonymous statistics on how the shop is used.',
    },
    marketing: {
      label: 'Marketing',
      text: 'Offers and adverts that match what you like.',
    },
  },
} as const;

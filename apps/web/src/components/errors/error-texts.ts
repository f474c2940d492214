// The shop's texts for error and not-found screens; tests import them from here.
export const ERROR_TEXTS = {
  unexpectedTitle: 'Unexpected Application Error!',
  unexpectedLead:
    'Something went wrong on our side. Please refresh the page, or head back home and try again.',
  notFoundCode: '404',
  notFoundMessage: 'This page wandered off into nature. Let’s guide you back home.',
  returnHome: 'Return Home',
  reload: 'Reload page',
} as const;

// The shop owner of the browser tests: the global setup lists this address in the API's
// OWNER_EMAILS, so the account a spec signs up (and verifies) with it may open /admin.
export const OWNER_EMAIL = 'owner@vanya-e2e.example.com';

// Generated: UPDATE_PUBLISHED_SECRETS=1 npx vitest run src/config/secrets.test.ts (in apps/api).
// The digests (secretDigest in secrets.ts) of every value the repository publishes that would
// otherwise pass as a production secret: production refuses them (isPublishedSecret). Digests
// are only ever added, since a value once published stays in the history.
export const PUBLISHED_SECRET_DIGESTS: ReadonlySet<string> = new Set([
  '0a1770bd938a856e0c789137c70490d1',
  '279b8f77f17c5069780a5f17945a5fcc',
  '36f9910b49695a23be4117f4f9881785',
  '3cc5c05a931568bf08951034d2082c60',
  '55096575e898b352eb40de70e586ecff',
  '7b3d979ca8330a94fa7e9e1b466d8b99',
  '9ddb2863cfccb2ac56beb25f5a792b31',
  'b340215af9971976265b07aadad3c1c4',
  'cddad574ea97c4a3709b53efc531b091',
]);

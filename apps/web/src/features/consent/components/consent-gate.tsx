import { lazy, Suspense, useEffect, useState } from 'react';

import { readConsent } from '../consent-storage';
import { loadTrackingScripts } from '../tracking-scripts';

// The banner (and the API client it needs) loads only for visitors who have not chosen yet.
const ConsentBanner = lazy(() =>
  import('./consent-banner').then((module) => ({ default: module.ConsentBanner })),
);

/** Loads the allowed tracking scripts, or asks for consent when there is no stored choice. */
export function ConsentGate() {
  const [decided, setDecided] = useState(() => readConsent() !== null);

  useEffect(() => {
    if (decided) loadTrackingScripts(readConsent());
  }, [decided]);

  if (decided) return null;
  return (
    <Suspense fallback={null}>
      <ConsentBanner onDecided={() => setDecided(true)} />
    </Suspense>
  );
}

import { useEffect, useId, useState } from 'react';

import { Spinner } from '../../../components/ui/spinner';
import { CONTACT_TEXTS as T } from '../texts';
import { StaticMap } from './static-map';

/** How long the live map may take before the drawn one comes back with a note. */
export const LIVE_MAP_TIMEOUT_MS = 15_000;

type MapState = 'drawn' | 'loading' | 'live' | 'failed';

/**
 * The drawn map, and OpenStreetMap's embedded one on request. The live map is fetched only when
 * the visitor asks for it (nothing is sent to a third party before), and it replaces the drawn one
 * only once its frame has loaded; no load within 15 s brings the drawn one back with a note (a
 * frame fires no error event).
 *
 * It is not loaded on its own as the section scrolls into view because a page cannot tell a map
 * that loaded from a map that did not: for a frame from another site the browser fires `load` for
 * its own "site can't be reached" page too. Revealing on `load` by itself would show that page to
 * every visitor whose network blocks or cannot reach OpenStreetMap; behind the button only the
 * visitor who asked sees it, with the way back to the drawn map beside it.
 */
export function ContactMap() {
  const [state, setState] = useState<MapState>('drawn');

  useEffect(() => {
    if (state !== 'loading') return;
    const timer = window.setTimeout(() => setState('failed'), LIVE_MAP_TIMEOUT_MS);
    return () => window.clearTimeout(timer);
  }, [state]);

  const framed = state === 'loading' || state === 'live';
  const noteId = useId();

  return (
    <div className="contact-map__view" data-state={state}>
      <div className="contact-map__frame">
        {state === 'live' ? null : <StaticMap />}
        {framed ? (
          <iframe
            className="contact-map__live"
            src={T.embedUrl}
            title={T.liveMapTitle}
            loading="lazy"
            referrerPolicy="strict-origin-when-cross-origin"
            // Hidden from sight and from assistive technology until it has loaded.
            aria-hidden={state === 'loading' ? true : undefined}
            tabIndex={state === 'loading' ? -1 : undefined}
            onLoad={() => setState((current) => (current === 'loading' ? 'live' : current))}
          />
        ) : null}
        {state === 'loading' ? (
          <p className="contact-map__status" role="status">
            <Spinner size={18} /> {T.loadingMap}
          </p>
        ) : state === 'live' ? (
          <button type="button" className="contact-map__switch" onClick={() => setState('drawn')}>
            {T.showDrawnMap}
          </button>
        ) : (
          <button
            type="button"
            className="contact-map__switch"
            aria-describedby={noteId}
            title={T.liveMapNote}
            onClick={() => setState('loading')}
          >
            <MapIcon />
            {T.showLiveMap}
          </button>
        )}
        <span id={noteId} className="visually-hidden">
          {T.liveMapNote}
        </span>
      </div>
      {state === 'failed' ? (
        <p className="contact-map__failed" role="status">
          {T.mapFailed}
        </p>
      ) : null}
    </div>
  );
}

function MapIcon() {
  return (
    <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
      <path
        d="M9 4 3 6v14l6-2 6 2 6-2V4l-6 2-6-2Zm0 0v14m6-12v14"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
      />
    </svg>
  );
}

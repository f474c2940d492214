import { brand } from '@vanya/catalog';

/**
 * A drawn map of the workshop's neighbourhood. An embedded map needs a third-party service (and a
 * connection to it); this always shows, and the links under it open a real map.
 */
export function StaticMap() {
  const { address } = brand;
  return (
    <figure className="static-map">
      <svg viewBox="0 0 400 260" role="img" aria-labelledby="static-map-title">
        <title id="static-map-title">
          {`Map: ${brand.name}, ${address.line1}, ${address.line2}, ${address.city}`}
        </title>
        <rect width="400" height="260" fill="#ece4d3" />
        <path d="M0 190 C80 170 120 220 210 200 S340 160 400 175 V260 H0Z" fill="#dce5d8" />
        <path
          d="M-10 120 C60 110 110 150 170 135 S300 90 410 105"
          fill="none"
          stroke="#b7cfd8"
          strokeWidth="14"
          strokeLinecap="round"
        />
        <g fill="none" stroke="#fffdf8" strokeLinecap="round">
          <path d="M0 70 L400 40" strokeWidth="16" />
          <path d="M120 0 L170 260" strokeWidth="12" />
          <path d="M280 0 L250 260" strokeWidth="10" />
          <path d="M0 225 L400 205" strokeWidth="8" />
          <path d="M40 0 L70 260" strokeWidth="6" />
          <path d="M350 0 L370 260" strokeWidth="6" />
        </g>
        <g fill="#d6cbb4">
          <rect x="188" y="70" width="48" height="30" rx="4" />
          <rect x="300" y="58" width="38" height="40" rx="4" />
          <rect x="76" y="84" width="34" height="26" rx="4" />
          <rect x="190" y="150" width="44" height="34" rx="4" />
          <rect x="292" y="140" width="50" height="30" rx="4" />
          <rect x="80" y="160" width="30" height="36" rx="4" />
        </g>
        <text x="16" y="60" fontSize="11" fill="#4a574d" fontFamily="system-ui, sans-serif">
          Ambajogai Road
        </text>
        <circle cx="218" cy="120" r="22" fill="rgb(47 79 58 / 18%)" />
        <path d="M218 122c-9-11-14-19-14-26a14 14 0 0 1 28 0c0 7-5 15-14 26Z" fill="#2f4f3a" />
        <circle cx="218" cy="96" r="5.5" fill="#fffdf8" />
      </svg>
      <figcaption className="static-map__caption">
        {address.line1}, {address.city}
      </figcaption>
    </figure>
  );
}

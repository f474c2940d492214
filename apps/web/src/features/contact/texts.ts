import { brand } from '@vanya/catalog';
import { CONTACT_MESSAGES } from '@vanya/contracts';

/** Plot 14, Ambajogai Road, Latur, Maharashtra 413512 (brand.address). */
export const MAP_CENTRE = { lat: 18.396, lon: 76.579 } as const;

export const CONTACT_TEXTS = {
  heading: 'Contact Us',
  lead: 'Questions about an order, an ingredient or a gift hamper? Write to us and we will get back to you soon.',
  formHeading: 'Send us a message',
  name: 'Your name',
  email: 'Email',
  subject: 'Subject',
  subjectPlaceholder: 'Choose a subject',
  message: 'Message',
  messagePlaceholder: 'How can we help?',
  send: 'Send Message',
  sending: 'Sending...',
  sent: CONTACT_MESSAGES.sent,
  somethingWentWrong: CONTACT_MESSAGES.somethingWentWrong,
  sendFailed: CONTACT_MESSAGES.sendFailed,
  detailsHeading: 'Reach us directly',
  visit: 'Visit our workshop',
  write: 'Email',
  call: 'Call',
  hours: 'Monday to Saturday, 10 am to 6 pm',
  mapHeading: 'Find us',
  openMap: 'Open in OpenStreetMap',
  directions: 'Get directions',
  showLiveMap: 'Show interactive map',
  liveMapNote: 'Loads a map from OpenStreetMap.',
  loadingMap: 'Loading the map…',
  showDrawnMap: 'Show the simple map',
  mapFailed: 'The interactive map could not be loaded. The links below open it in a new tab.',
  liveMapTitle: `Interactive map: ${brand.name}, ${brand.address.line1}, ${brand.address.city}`,
  followHeading: 'Follow us',
  mapUrl: `https://www.openstreetmap.org/?mlat=${MAP_CENTRE.lat}&mlon=${MAP_CENTRE.lon}#map=16/${MAP_CENTRE.lat}/${MAP_CENTRE.lon}`,
  embedUrl: `https://www.openstreetmap.org/export/embed.html?${new URLSearchParams({
    bbox: [
      MAP_CENTRE.lon - 0.01,
      MAP_CENTRE.lat - 0.007,
      MAP_CENTRE.lon + 0.01,
      MAP_CENTRE.lat + 0.007,
    ]
      .map((degrees) => degrees.toFixed(4))
      .join(','),
    layer: 'mapnik',
    marker: `${MAP_CENTRE.lat},${MAP_CENTRE.lon}`,
  }).toString()}`,
  directionsUrl: `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(
    `${brand.address.line1}, ${brand.address.city}, ${brand.address.state} ${brand.address.pinCode}`,
  )}`,
} as const;

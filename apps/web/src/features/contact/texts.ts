import { brand } from '@vanya/catalog';
import { CONTACT_MESSAGES } from '@vanya/contracts';

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
  followHeading: 'Follow us',
  // Plot 14, Ambajogai Road, Latur (brand.address).
  mapUrl: 'https://www.openstreetmap.org/?mlat=18.3960&mlon=76.5790#map=16/18.3960/76.5790',
  directionsUrl: `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(
    `${brand.address.line1}, ${brand.address.city}, ${brand.address.state} ${brand.address.pinCode}`,
  )}`,
} as const;

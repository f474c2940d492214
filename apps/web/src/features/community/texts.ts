import { brand } from '@vanya/catalog';
import { WAITLIST_MESSAGES } from '@vanya/contracts';

export const COMMUNITY_TEXTS = {
  heading: `Join the ${brand.hashtag} community`,
  lead: 'Rituals, recipes and early news from people who care what goes on their skin. Join the waitlist for first access to new batches and our community events in Latur and Pune.',
  joinWaitlist: 'Join the Waitlist',
  joiningWaitlist: 'Joining...',
  waitlistName: 'Your name',
  waitlistEmail: 'Email',
  waitlistNote: 'One email to confirm, then only news of new batches and events.',
  joinedTitle: 'You’re on the list',
  joined: WAITLIST_MESSAGES.joined,
  joinFailed: WAITLIST_MESSAGES.failed,
  sectionEyebrow: brand.hashtag,
  sectionHeading: 'Made with a community, for a community',
  join: 'Join',
  blocks: [
    {
      title: 'About us',
      text: `${brand.name} is a small team in Latur making body care the slow way: whipped, stirred and cured by hand, in batches small enough to know every jar.`,
    },
    {
      title: 'Our vision',
      text: 'Skin care that is honest about what is inside, kind to the people who grow it, and made to be used up, not collected.',
    },
    {
      title: 'Our ingredients',
      text: 'Kokum from the Konkan, coffee from Chikmagalur, turmeric, red lentil and liquorice from the kitchens we grew up in.',
    },
    {
      title: 'Our community',
      text: `Thousands of ${brand.hashtag} regulars share their rituals, review new batches before anyone else and tell us what to make next.`,
    },
  ],
  slides: [
    {
      src: '/media/scenes/community-1.webp',
      alt: 'Friends trying body butter together at a community morning',
    },
    {
      src: '/media/scenes/community-2.webp',
      alt: 'A table of handmade soaps and scrubs at a pop-up market',
    },
    {
      src: '/media/scenes/community-3.webp',
      alt: 'Fresh turmeric, coffee beans and kokum fruit laid out for a workshop',
    },
  ],
  reelsHeading: `${brand.hashtag} reels`,
  reels: [
    { src: '/media/videos/reel-1.mp4', label: 'Reel: whipping a fresh batch of body butter' },
    { src: '/media/videos/reel-2.mp4', label: 'Reel: the coffee scrub ritual' },
    { src: '/media/videos/reel-3.mp4', label: 'Reel: cutting bars of Tan.Gone.Soap' },
    { src: '/media/videos/reel-4.mp4', label: 'Reel: packing a festive hamper' },
  ],
  tapToUnmute: 'Tap to unmute',
} as const;

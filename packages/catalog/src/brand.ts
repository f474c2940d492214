// The brand in one object. The owner has not supplied a name yet, so every
// screen, mail, invoice and storage key reads it from here and nothing else hard-codes it.
export const brand = {
  name: 'Vanya Naturals',
  shortName: 'Vanya',
  tagline: 'Beauty rooted in Nature.',
  hashtag: '#BeVanya',
  orderPrefix: 'VNY',
  storageKeys: {
    token: 'vanya_token',
    user: 'vanya_user',
    guestCart: 'vanya_cart_guest',
    userCartPrefix: 'vanya_cart_',
    wishlist: 'vanya_wishlist',
    hasLoggedInBefore: 'vanya_has_logged_in_before',
    /** The PIN code a shopper last checked delivery to, answered again on the next visit. */
    deliveryPin: 'vanya_delivery_pin',
  },
  supportEmail: 'support@vanyanaturals.in',
  phone: '+91 98220 45123',
  website: 'https://vanyanaturals.in',
  address: {
    line1: 'Plot 14, Ambajogai Road',
    line2: 'Near Shivaji Chowk',
    city: 'Latur',
    state: 'Maharashtra',
    pinCode: '413512',
    country: 'India',
  },
  /** The seller's state decides CGST + SGST (same state) against IGST (any other state). */
  sellerState: 'Maharashtra',
  social: {
    facebook: 'https://www.facebook.com/vanyanaturals',
    instagram: 'https://www.instagram.com/vanyanaturals',
    x: 'https://x.com/vanyanaturals',
    youtube: 'https://www.youtube.com/@vanyanaturals',
  },
  colors: {
    forest: '#2F4F3A',
    sage: '#8FA88A',
    beige: '#F3EDE2',
    sand: '#E4D5BC',
    clay: '#B5714B',
    ink: '#1F2A22',
  },
  /** Theme colour of the payment dialog. */
  paymentThemeColor: '#2F4F3A',
  description:
    'Vanya Naturals makes small-batch body care in Latur, Maharashtra: whipped butters, sugar scrubs and cold-process soaps from kokum, shea, coffee and turmeric, with nothing your skin cannot read.',
} as const;

export type Brand = typeof brand;

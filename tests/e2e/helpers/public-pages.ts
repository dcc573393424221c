// The information pages with the heading and document title each shows (used by the info page and prerender tests).
export const INFO_PAGES = [
  { path: '/how-it-works', heading: 'How It Works', title: 'How It Works · Hushgift' },
  { path: '/security', heading: 'Security & Privacy', title: 'Security & Privacy · Hushgift' },
  { path: '/pricing', heading: 'Pricing', title: 'Pricing · Hushgift' },
  { path: '/faq', heading: 'Frequently Asked Questions', title: 'Frequently Asked Questions · Hushgift' },
  { path: '/contact', heading: 'Contact Us', title: 'Contact Us · Hushgift' },
  { path: '/privacy-policy', heading: 'Privacy Policy', title: 'Privacy Policy · Hushgift' },
  { path: '/terms-of-use', heading: 'Terms of Use', title: 'Terms of Use · Hushgift' },
];

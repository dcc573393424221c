import { Link } from 'react-router';
import { COPYRIGHT_YEAR } from '../../../shared/constants';
import { LogoMark } from './logo';

const PRODUCT = [
  { to: '/', label: 'Send a Gift' },
  { to: '/how-it-works', label: 'How it Works' },
  { to: '/pricing', label: 'Pricing' },
  { to: '/security', label: 'Security' },
  { to: '/donor/login', label: 'Donor Sign In' },
];
const SUPPORT = [
  { to: '/faq', label: 'FAQ' },
  { to: '/contact', label: 'Contact Us' },
  { to: '/privacy-policy', label: 'Privacy Policy' },
  { to: '/terms-of-use', label: 'Terms of Use' },
];

function LinkList({ title, links }: { title: string; links: { to: string; label: string }[] }) {
  return (
    <nav aria-label={title}>
      <h2 className="text-sm font-semibold text-white">{title}</h2>
      <ul className="mt-3 space-y-2 text-sm">
        {links.map((l) => (
          <li key={l.to}>
            <Link to={l.to} className="text-slate-300 hover:text-white">
              {l.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function Footer() {
  return (
    <footer className="bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-3">
        <div>
          <div className="flex items-center gap-2 font-bold text-white">
            <LogoMark className="h-7 w-7" /> Hushgift
          </div>
          <p className="mt-3 text-sm">The kind way to give money without saying who it is from.</p>
        </div>
        <LinkList title="Product" links={PRODUCT} />
        <LinkList title="Support" links={SUPPORT} />
      </div>
      <div className="border-t border-slate-800">
        <div className="mx-auto max-w-6xl space-y-2 px-4 py-6 text-xs text-slate-400">
          <p>
            Disclaimer: Hushgift is not a charity and gifts are not tax-deductible. Hushgift does not store or transmit
            funds; payments are processed and paid out by our payment partners. Available in the United States only.
          </p>
          <p>© {COPYRIGHT_YEAR} Hushgift. All rights reserved.</p>
        </div>
      </div>
    </footer>
  );
}

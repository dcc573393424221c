import { Link, NavLink } from 'react-router';
import { LogoMark } from './logo';

const NAV = [
  { to: '/how-it-works', label: 'How it Works' },
  { to: '/security', label: 'Security' },
  { to: '/pricing', label: 'Pricing' },
];

export function Header() {
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-6 gap-y-2 px-4 py-3">
        <Link to="/" className="flex items-center gap-2 text-lg font-bold text-slate-900" aria-label="Hushgift home">
          <LogoMark />
          <span>Hushgift</span>
        </Link>
        <nav aria-label="Main">
          <ul className="flex flex-wrap items-center gap-x-5 gap-y-1 text-sm font-medium">
            {NAV.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  className={({ isActive }) =>
                    `rounded px-1 py-2 hover:text-brand-700 ${isActive ? 'text-brand-700' : 'text-slate-700'}`
                  }
                >
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </header>
  );
}

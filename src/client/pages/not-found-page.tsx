import { Link, useLocation } from 'react-router';
import { usePageMeta } from '../lib/page-meta';
import { buttonClass } from '../components/ui/button';

export default function NotFoundPage() {
  const { pathname } = useLocation();
  usePageMeta('Page not found', 'The page you were looking for does not exist on Hushgift.');
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold">404 Page Not Found</h1>
      <p className="mt-4 font-mono text-sm text-slate-600">
        Did you forget to add the page to the router? No route matches <code>{pathname}</code>.
      </p>
      <Link to="/" className={`${buttonClass('primary')} mt-8`}>
        Go to the home page
      </Link>
    </section>
  );
}

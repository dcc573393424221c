import { Link } from 'react-router';
import { buttonClass } from '../../components/ui/button';

/** The empty state of the overview and the history: no paid gifts yet. */
export function EmptyGifts() {
  return (
    <div className="py-8 text-center">
      <p className="font-medium text-slate-900">No gifts yet</p>
      <p className="mt-1 text-sm text-slate-600">
        Gifts you send while signed in or with this email will show up here.
      </p>
      <Link to="/" className={`${buttonClass('primary')} mt-4`}>
        Send Your First Gift
      </Link>
    </div>
  );
}

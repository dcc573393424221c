// "No Account Found": shown when the profile call answers 401.
import { Link } from 'react-router';
import { buttonClass } from '../../components/ui/button';
import { Card } from '../../components/ui/card';

export function NoAccount() {
  return (
    <section className="mx-auto max-w-lg px-4 py-16">
      <Card className="text-center">
        <h1 className="text-2xl font-bold text-slate-900">No Account Found</h1>
        <p className="mt-2 text-slate-700">You need to create a donor account first.</p>
        <Link to="/" className={`${buttonClass('primary')} mt-6 w-full sm:w-auto`}>
          Create Account While Sending Gift
        </Link>
        <p className="mt-6 text-sm text-slate-600">
          Already have a donor account?{' '}
          <Link to="/donor/login" className="font-medium text-brand-700 underline hover:text-brand-800">
            Sign in with your email
          </Link>
        </p>
      </Card>
    </section>
  );
}

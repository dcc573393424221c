// /admin: the dashboard for a signed-in admin, otherwise the login page (which sends on to setup if needed).
import { Navigate } from 'react-router';
import { usePageMeta } from '../../lib/page-meta';
import { Spinner } from '../../components/ui/spinner';
import { useAdminStats } from '../../features/admin/api';

export default function AdminIndexPage() {
  usePageMeta('Admin', 'Hushgift administration.');
  const stats = useAdminStats();
  if (stats.isPending) return <Spinner label="Checking your session" />;
  return <Navigate to={stats.data ? '/admin/dashboard' : '/admin/login'} replace />;
}

import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';
import type { DashboardLoginResponse } from '../../../shared/schemas/claim-contract';

/** The provider's express dashboard link. The gift's claim session (an HttpOnly cookie) proves the caller is the recipient. */
export function useDashboardLogin(giftId: string) {
  return useMutation({
    mutationFn: () =>
      apiRequest<DashboardLoginResponse>('GET', `/api/gifts/${encodeURIComponent(giftId)}/dashboard-login`),
  });
}

/** Opens a tab synchronously (inside the click, so it is not blocked) and points it at the link once known. */
export async function openInNewTab(getUrl: () => Promise<string>): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const url = await getUrl();
    if (tab) {
      tab.opener = null;
      tab.location.href = url;
    } else window.location.assign(url);
  } catch (error) {
    tab?.close();
    throw error;
  }
}

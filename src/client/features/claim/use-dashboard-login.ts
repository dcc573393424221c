import { useMutation } from '@tanstack/react-query';
import { ApiError } from '../../lib/api';
import { CLAIM_TOKEN_HEADER, type DashboardLoginResponse } from '../../../shared/schemas/claim-contract';

/** The provider's express dashboard link. The claim link proves the caller is the recipient. */
export function useDashboardLogin(giftId: string, token: string | null) {
  return useMutation({
    mutationFn: async () => {
      const res = await fetch(`/api/gifts/${encodeURIComponent(giftId)}/dashboard-login`, {
        credentials: 'include',
        headers: token ? { [CLAIM_TOKEN_HEADER]: token } : {},
      });
      if (!res.ok) {
        throw new ApiError(res.status, await res.text(), res.statusText);
      }
      return (await res.json()) as DashboardLoginResponse;
    },
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

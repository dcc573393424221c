// What ends the claim page's gift card below its answer form, in the server-rendered page, the app's page and the
// review step's preview alike (one component, so the preview is never a copy): what happens next, and "Report this
// gift" (issue 25 point 6).
import { ReportGift } from './report-gift';
import { WhatHappensNext } from './gift-summary';

export function ClaimCardEnd({ reportAction, reported }: { reportAction?: string; reported?: boolean }) {
  return (
    <>
      <WhatHappensNext />
      <ReportGift action={reportAction} reported={reported} />
    </>
  );
}

// "Report this gift" (issue 25 point 6): a native disclosure holding a plain form (a reason and up to 500
// characters), so it works before and without any script. The report reaches the operator; the recipient may still
// claim or decline.
import { buttonClass } from '../../components/ui/button';
import { Label } from '../../components/ui/input';
import {
  REPORT_DETAILS_MAX,
  REPORT_MESSAGES,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
} from '../../../shared/schemas/recipient-rights';

/** action: where the form posts; none in the review step's preview, whose form is drawn but never sent. */
export function ReportGift({ action, reported }: { action?: string; reported?: boolean }) {
  if (reported)
    return (
      <p role="status" className="mt-6 rounded-md border border-green-300 bg-green-50 p-3 text-left text-green-900">
        {REPORT_MESSAGES.received}
      </p>
    );
  return (
    <details className="mt-6 rounded-lg border border-slate-200 p-4 text-left">
      <summary className="cursor-pointer font-medium text-slate-800">Report this gift</summary>
      <form
        method="post"
        action={action}
        onSubmit={action === undefined ? (event) => event.preventDefault() : undefined}
        className="mt-3 space-y-3"
      >
        <fieldset>
          <legend className="text-sm font-medium text-slate-900">Why are you reporting it?</legend>
          {REPORT_REASONS.map((reason) => (
            <label key={reason} className="mt-2 flex items-center gap-2 text-sm text-slate-800">
              <input type="radio" name="reason" value={reason} required className="h-4 w-4" />
              {REPORT_REASON_LABELS[reason]}
            </label>
          ))}
        </fieldset>
        <div>
          <Label htmlFor="report-details">What happened (optional)</Label>
          <textarea
            id="report-details"
            name="details"
            maxLength={REPORT_DETAILS_MAX}
            rows={3}
            aria-describedby="report-details-hint"
            className="mt-1 w-full rounded-md border border-slate-300 p-2 text-slate-900"
          />
          <p id="report-details-hint" className="mt-1 text-sm text-slate-600">
            Up to {REPORT_DETAILS_MAX} characters. Only our team reads it; the sender never sees it.
          </p>
        </div>
        <button type="submit" className={buttonClass('outline')}>
          Send report
        </button>
      </form>
    </details>
  );
}

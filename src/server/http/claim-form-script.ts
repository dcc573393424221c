// The server-rendered claim page's only script, inline and allowed by its hash in the Content-Security-Policy.
// The form works without it (it posts to the page's own address); the script keeps the app's behaviour on top:
// "Claim Your Gift" is disabled while the answer is blank, and shows "Claiming..." once pressed so a second press
// does not post twice. Coming back to the page from history (bfcache) resets the button.
import { createHash } from 'node:crypto';
import { CLAIM_ANSWER_FIELD, CLAIM_FORM_ID } from '../../shared/claim-page.js';

export const CLAIM_FORM_SCRIPT =
  `(function(){var f=document.getElementById("${CLAIM_FORM_ID}");if(!f)return;` +
  `var a=f.elements.namedItem("${CLAIM_ANSWER_FIELD}"),b=f.querySelector('button[type="submit"]'),l=b.textContent,busy=false;` +
  'function s(){b.disabled=busy||!!(a&&!a.value.trim())}' +
  'if(a)a.addEventListener("input",s);' +
  'f.addEventListener("submit",function(e){if(b.disabled){e.preventDefault();return}busy=true;b.textContent="Claiming...";s()});' +
  'addEventListener("pageshow",function(){busy=false;b.textContent=l;s()});s()})()';

export const CLAIM_FORM_SCRIPT_CSP = `'sha256-${createHash('sha256').update(CLAIM_FORM_SCRIPT).digest('base64')}'`;

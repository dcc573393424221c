// For the give-together browser tests (decision 026): a group started through the API, as the organiser's form
// does, answering its share link.
let seq = 0;

export async function startGroup(
  baseUrl: string,
  overrides: { goal?: string; personalNote?: string } = {},
): Promise<{ shareUrl: string; shareToken: string }> {
  seq++;
  const res = await fetch(`${baseUrl}/api/together`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      recipientFirstName: 'Rhea',
      recipientLastName: 'Recipient',
      recipientEmail: `rhea.${Date.now().toString(36)}.${seq}@example.com`,
      organiserEmail: `otto.${Date.now().toString(36)}.${seq}@example.com`,
      personalNote: overrides.personalNote ?? 'From the book club',
      securityQuestion: null,
      securityAnswer: null,
      deadlineDays: 5,
      goal: overrides.goal ?? '100.00',
    }),
  });
  if (res.status !== 201) throw new Error(`POST /api/together answered ${res.status}: ${await res.text()}`);
  const { shareUrl } = (await res.json()) as { shareUrl: string };
  return { shareUrl, shareToken: shareUrl.split('/').pop()! };
}

// /together/new as the server renders it to answer its form posted without scripts (POST /together/new, decision
// 026): the renderer is built from the client's components (src/client/ssr/together-new-page.tsx); the server fills
// the view from the same shared schema and the same service as POST /api/together.
import { createGroupGiftSchema, type CreateGroupGiftInput, type CreateGroupGiftResponse } from './schemas/together.js';
import { readPostedForm, type FieldErrors, type FormReading, type FormValues } from './schemas/form-reading.js';
import type { RenderedServerPage } from './server-rendered-page.js';

/** Where the organiser's form posts when the page's scripts have not run (its own address). */
export const TOGETHER_NEW_PATH = '/together/new';

/** The fields the organiser fills in, in page order. */
export const GROUP_FORM_FIELDS = [
  'recipientFirstName',
  'recipientLastName',
  'recipientEmail',
  'organiserEmail',
  'personalNote',
  'securityQuestion',
  'securityAnswer',
  'deadlineDays',
  'goal',
] as const;
export type GroupFormField = (typeof GROUP_FORM_FIELDS)[number];
export type GroupFormValues = FormValues<GroupFormField>;
export type GroupFieldErrors = FieldErrors<GroupFormField>;

/** What an empty form shows: a week's deadline. */
export const EMPTY_GROUP_FORM: GroupFormValues = {
  recipientFirstName: '',
  recipientLastName: '',
  recipientEmail: '',
  organiserEmail: '',
  personalNote: '',
  securityQuestion: '',
  securityAnswer: '',
  deadlineDays: '7',
  goal: '',
};

/** The organiser's form as the browser posts it, checked with the same schema as POST /api/together. */
export const readGroupForm = (body: Record<string, unknown>): FormReading<GroupFormField, CreateGroupGiftInput> =>
  readPostedForm(createGroupGiftSchema, GROUP_FORM_FIELDS, body);

export type TogetherNewPageView =
  /** The form again, with what was typed and why the group was not started: each field's problem, or a refusal. */
  | { kind: 'form'; values: GroupFormValues; errors: GroupFieldErrors; alert?: string }
  /** Started: the two links, shown this once. */
  | { kind: 'started'; links: CreateGroupGiftResponse };

export type RenderTogetherNewPage = (view: TogetherNewPageView) => RenderedServerPage;

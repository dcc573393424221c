// The problems of a form posted without scripts and answered by the server (decision 026's forms), above the form:
// each field's problem as a link to its field, read first by a screen reader (role="alert").
export function ErrorSummary<Field extends string>(props: {
  /** What was not done, e.g. "The group gift was not started". */
  title: string;
  /** The fields in page order. */
  fields: readonly Field[];
  labels: Record<Field, string>;
  fieldId: (name: Field) => string;
  errors: Partial<Record<Field, string>>;
}) {
  const fields = props.fields.filter((name) => props.errors[name]);
  if (fields.length === 0) return null;
  return (
    <div role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900">
      <p className="font-semibold">{props.title}. Please check:</p>
      <ul className="mt-1 list-disc pl-5">
        {fields.map((name) => (
          <li key={name}>
            <a href={`#${props.fieldId(name)}`} className="underline">
              {props.labels[name]}: {props.errors[name]}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

// A password field with a show/hide toggle that says what it does to screen readers. `ref` (React 19: a prop)
// reaches the <input>, so a form can focus it.
import { useState, type ComponentProps } from 'react';
import { Input } from '../../components/ui/input';

export function PasswordInput(props: Omit<ComponentProps<'input'>, 'type'>) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="relative">
      <Input {...props} type={visible ? 'text' : 'password'} className="pr-20" />
      <button
        type="button"
        onClick={() => setVisible((v) => !v)}
        aria-label={visible ? 'Hide password' : 'Show password'}
        aria-pressed={visible}
        aria-controls={props.id}
        className="absolute inset-y-0 right-0 flex items-center rounded-r-md px-3 text-sm font-medium text-brand-700 hover:text-brand-800"
      >
        {visible ? 'Hide' : 'Show'}
      </button>
    </div>
  );
}

// The one select of every form: a native <select> (keyboard and screen readers work as everywhere else) with the
// look of the text controls. React 19: `ref` is an ordinary prop.
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';
import { controlClass, isInvalid } from './input';

export function Select({ className, ...props }: ComponentProps<'select'>) {
  return <select className={cn(controlClass(isInvalid(props)), className)} {...props} />;
}

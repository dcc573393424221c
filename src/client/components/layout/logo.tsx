export function LogoMark({ className = 'h-8 w-8' }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={className} aria-hidden="true">
      <rect width="32" height="32" rx="8" fill="#4338ca" />
      <path
        d="M8 14h16v10a2 2 0 0 1-2 2H10a2 2 0 0 1-2-2zM6 10h20v4H6zM16 10v16"
        stroke="#fff"
        strokeWidth="2"
        fill="none"
      />
    </svg>
  );
}

// The OmniRent wordmark: an inline SVG house mark plus text, so it costs no request.
export function Logo({ light = false }: { light?: boolean }) {
  const ink = light ? '#ffffff' : 'var(--ink)'
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: '.5rem', fontWeight: 800, fontSize: '1.25rem', color: ink }}>
      <svg width="30" height="30" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" fill="#0b5cad" />
        <path d="M8 16.5 16 9l8 7.5V24a1 1 0 0 1-1 1h-4.5v-5h-5v5H9a1 1 0 0 1-1-1z" fill="#fff" />
        <circle cx="24.5" cy="8.5" r="3" fill="#f2a516" />
      </svg>
      <span className="logo__word">
        Omni<span style={{ color: light ? '#ffd27a' : 'var(--brand)' }}>Rent</span>
      </span>
    </span>
  )
}

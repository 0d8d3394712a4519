/** The portal's mark: a lamp (pradip) in a circle; decorative, the title beside it names the site. */
export function Logo() {
  return (
    <svg width="36" height="36" viewBox="0 0 36 36" aria-hidden="true" focusable="false">
      <circle cx="18" cy="18" r="17" fill="#fff" />
      <path d="M18 6c3 5 4 8 0 12-4-4-3-7 0-12z" fill="#e07b00" />
      <path d="M7 20h22c-1 6-6 9-11 9S8 26 7 20z" fill="#0b4f9c" />
    </svg>
  );
}

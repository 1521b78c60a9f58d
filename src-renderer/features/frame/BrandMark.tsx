/** The Blockglass mark: a block seen through glass. Decorative. */
export function BrandMark() {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M12 2 3 7v10l9 5 9-5V7l-9-5Z" fill="var(--accent)" opacity="0.18" />
      <path d="M12 2 3 7v10l9 5 9-5V7l-9-5Z M3 7l9 5 9-5 M12 12v10" fill="none" stroke="var(--accent)" strokeWidth="1.6" strokeLinejoin="round" />
    </svg>
  );
}

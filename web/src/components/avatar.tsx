const initials = (name: string) =>
  name
    .replace(/^(Dr|Prof|Mr|Mrs|Ms)\.?\s+/i, '')
    .split(/\s+/)
    .filter(Boolean)
    .map((part) => part[0])
    .slice(0, 2)
    .join('')
    .toUpperCase();

/** A round picture of a person: their photo if the content has one, else their initials. */
export function Avatar({ name, image, size = 72 }: { name: string; image?: string; size?: number }) {
  if (image) {
    return <img className="avatar" src={image} alt="" width={size} height={size} loading="lazy" decoding="async" />;
  }
  return (
    <span className="avatar" aria-hidden="true" style={{ width: size, height: size, fontSize: size * 0.36 }}>
      {initials(name)}
    </span>
  );
}

import type { CSSProperties } from 'react';

/** Off-screen rather than display:none, which some bots skip. Inline so no stylesheet is needed. */
const OFF_SCREEN: CSSProperties = { position: 'absolute', left: '-10000px', width: 1, height: 1, overflow: 'hidden' };

/**
 * A field people never see or reach (off-screen, out of the tab order, hidden from screen
 * readers); bots that fill every input fill it in, and the API then answers as usual but
 * stores nothing. The API's field name is `website`.
 */
export function Honeypot({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <div style={OFF_SCREEN} aria-hidden="true">
      <label>
        Website
        <input
          type="text"
          name="website"
          tabIndex={-1}
          autoComplete="off"
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      </label>
    </div>
  );
}

import { ChevronDown } from 'lucide-react';
import { useId, useState } from 'react';
import type { Faq } from '@/features/faqs/faqs';

/** Questions that open and close (WAI-ARIA accordion): each heading holds a button with aria-expanded. */
export function Accordion({ items }: { items: Faq[] }) {
  const baseId = useId();
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());

  const toggle = (i: number) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (!next.delete(i)) next.add(i);
      return next;
    });

  return (
    <div className="accordion">
      {items.map((item, i) => {
        const expanded = open.has(i);
        const buttonId = `${baseId}-q${i}`;
        const panelId = `${baseId}-a${i}`;
        return (
          <div key={item.question} className="accordion-item">
            <h3>
              <button type="button" id={buttonId} aria-expanded={expanded} aria-controls={panelId} onClick={() => toggle(i)}>
                <span>{item.question}</span>
                <ChevronDown className="accordion-chevron" size={20} aria-hidden="true" />
              </button>
            </h3>
            <div id={panelId} role="region" aria-labelledby={buttonId} className="accordion-panel" hidden={!expanded}>
              <p>{item.answer}</p>
            </div>
          </div>
        );
      })}
    </div>
  );
}

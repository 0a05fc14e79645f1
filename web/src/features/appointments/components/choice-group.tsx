import { useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface Choice {
  value: string;
  /** What the button shows. */
  content: ReactNode;
  /** What a screen reader says: the whole sentence, including why a choice is unavailable. */
  name: string;
  disabled?: boolean;
}

interface ChoiceGroupProps {
  labelId: string;
  choices: Choice[];
  value: string;
  onChange: (value: string) => void;
  className: string;
  /** Cells per row when the group is a grid (Up and Down move a row); 1 for a flowing list. */
  columns?: number;
  /** Empty cells before the first choice (a calendar's first week). */
  leadingBlanks?: number;
  invalid?: boolean;
  describedBy?: string;
  required?: boolean;
}

/**
 * One choice out of several shown as buttons: a radio group with one tab stop (the chosen
 * button, else the first free one). Arrows move and choose, skipping unavailable choices;
 * Home and End go to the ends; Enter and Space choose the focused one. Unavailable choices
 * stay in the group, named with their reason, so a screen reader hears why.
 */
export function ChoiceGroup({
  labelId,
  choices,
  value,
  onChange,
  className,
  columns = 1,
  leadingBlanks = 0,
  invalid,
  describedBy,
  required,
}: ChoiceGroupProps) {
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const enabled = choices.map((c, i) => (c.disabled ? -1 : i)).filter((i) => i >= 0);
  const chosen = choices.findIndex((c) => c.value === value && !c.disabled);
  const tabStop = chosen >= 0 ? chosen : (enabled[0] ?? -1);

  function move(from: number, step: number) {
    // The nearest free choice `step` away, or further on in the same direction.
    const ahead = step > 0 ? enabled.filter((i) => i >= from + step) : enabled.filter((i) => i <= from + step).reverse();
    const to = ahead[0];
    if (to === undefined) return;
    buttons.current[to]?.focus();
    onChange(choices[to].value);
  }

  function onKeyDown(e: KeyboardEvent<HTMLButtonElement>, index: number) {
    const steps: Record<string, number> = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: columns, ArrowUp: -columns };
    if (e.key in steps) move(index, steps[e.key]);
    else if (e.key === 'Home') move(-1, 1);
    else if (e.key === 'End') move(choices.length, -1);
    else return;
    e.preventDefault();
  }

  return (
    <div
      role="radiogroup"
      aria-labelledby={labelId}
      aria-describedby={describedBy}
      aria-invalid={invalid || undefined}
      aria-required={required || undefined}
      // Focusable by script only: the form sends focus to its first invalid field.
      tabIndex={-1}
      className={className}
    >
      {Array.from({ length: leadingBlanks }, (_, i) => (
        <span key={`blank-${i}`} className="choice-blank" aria-hidden="true" />
      ))}
      {choices.map((choice, i) => (
        <button
          key={choice.value}
          ref={(el) => {
            buttons.current[i] = el;
          }}
          type="button"
          role="radio"
          value={choice.value}
          aria-checked={i === chosen}
          aria-disabled={choice.disabled || undefined}
          aria-label={choice.name}
          tabIndex={i === tabStop ? 0 : -1}
          onClick={() => !choice.disabled && onChange(choice.value)}
          onKeyDown={(e) => onKeyDown(e, i)}
        >
          {choice.content}
        </button>
      ))}
    </div>
  );
}

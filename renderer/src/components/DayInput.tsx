import './day-input.css';
import { useState } from 'react';
import { dayPattern, dayText, readDay } from './day-text';

/**
 * A UTC day typed in the locale's numeric form (the browser's date picker writes the form of its
 * interface language, mm/dd/yyyy on an en-GB page). `value` and `onChange` speak ISO days
 * ("2026-11-29"); a day that does not exist is said beside the field and filters nothing.
 */
export function DayInput({ value, onChange, label }: { value: string | undefined; onChange: (day: string | undefined) => void; label: string }) {
  const [text, setText] = useState(value ? dayText(value) : '');
  const [shownFor, setShownFor] = useState(value);
  // A change from outside (Clear filters) shows; what the reader is typing (which set `value`) is kept.
  if (value !== shownFor) {
    setShownFor(value);
    const typed = readDay(text);
    if ((typed === 'invalid' ? null : typed) !== (value ?? null)) setText(value ? dayText(value) : '');
  }
  const read = readDay(text);
  const pattern = dayPattern();
  return (
    <span className="day-input">
      <input
        type="text"
        inputMode="numeric"
        aria-label={label}
        aria-invalid={read === 'invalid'}
        placeholder={pattern}
        size={pattern.length + 1}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          // A day that does not exist filters nothing (the field says why), never the day typed before.
          const day = readDay(e.target.value);
          onChange(day === 'invalid' || day === null ? undefined : day);
        }}
      />
      {read === 'invalid' ? (
        <span className="field-error" role="alert">
          Not a day: write it as {pattern}.
        </span>
      ) : null}
    </span>
  );
}

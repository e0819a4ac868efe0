import { isKnownValue, type KnownValueKind } from '../../../shared/service/known-values';

/**
 * A word of the service (a status, a type, a visibility) shown as it is. A value the console does
 * not know yet is still shown, as the service wrote it, with a small mark that says so: the service
 * may have added it since, and the console does not act on it.
 */
export function KnownValue({ kind, value, children }: { kind: KnownValueKind; value: string; children?: React.ReactNode }) {
  const shown = children ?? value;
  if (isKnownValue(kind, value)) return <>{shown}</>;
  return (
    <span
      className="unknown-value"
      data-unknown-value={value}
      title={`Unknown value "${value}": the service sent a value this console does not know yet. It is shown as sent; the console takes no action on it.`}
    >
      {shown}
      <span className="unknown-value-mark" aria-label="unknown value">
        ?
      </span>
    </span>
  );
}

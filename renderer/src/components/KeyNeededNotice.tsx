import type { ReactNode } from 'react';
import { useNavigationStore } from '../navigation/navigation-store';

/**
 * What the console does not do or read without an API key, as information (not a failure), with
 * the way to add the key. `attributes`: the data attributes that tell one such notice from another.
 */
export function KeyNeededNotice({ title, children, attributes }: { title: string; children: ReactNode; attributes: Record<`data-${string}`, string> }) {
  const go = useNavigationStore((s) => s.go);
  return (
    <div className="notice notice-info" role="status" {...attributes}>
      <strong className="notice-title">{title}</strong>
      {children}
      <p className="notice-action">
        <button type="button" className="link-button" onClick={() => go('settings')}>
          Add an API key in Settings
        </button>
      </p>
    </div>
  );
}

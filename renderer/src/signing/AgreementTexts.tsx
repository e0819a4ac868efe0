import type { Plan } from '../../../shared/signing/schemas';
import './plan-review.css';

/**
 * The lender agreements of a plan, each distinct text once with the wallets that sign it: a fleet
 * signs the same few texts, and one block per wallet × agreement buries the one difference that
 * matters (a text that is not the same for every wallet) among identical copies.
 */
export function AgreementTexts({ items }: { items: Plan['items'] }) {
  const texts = new Map<string, { title: string; origin: string | undefined; wallets: string[] }>();
  for (const item of items) {
    if (item.state === 'skipped' || item.review?.kind !== 'message') continue;
    const { text, title, origin } = item.review;
    const entry = texts.get(text) ?? { title, origin, wallets: [] };
    entry.wallets.push(item.label || item.wallet);
    texts.set(text, entry);
  }
  if (texts.size === 0) return null;
  return (
    <section className="agreement-texts" data-testid="agreement-texts">
      <h3>{texts.size === 1 ? 'The agreement text' : `${texts.size} distinct agreement texts`}, as each wallet signs it</h3>
      {[...texts].map(([text, { title, origin, wallets }]) => (
        <div key={text} className="review agreement-text" data-testid="agreement-text" data-wallets={wallets.length}>
          <strong>{title}</strong>
          {origin ? <div className="cell-sub">{origin}</div> : null}
          <pre className="message">{text}</pre>
          <details>
            <summary>
              Signed by {wallets.length} wallet{wallets.length === 1 ? '' : 's'}
            </summary>
            <ul className="agreement-wallets">
              {wallets.map((w, k) => (
                <li key={`${w}-${k}`}>{w}</li>
              ))}
            </ul>
          </details>
        </div>
      ))}
    </section>
  );
}

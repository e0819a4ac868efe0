import { useRef, type ChangeEvent, type ReactNode, type Ref } from 'react';

/**
 * A button that opens the system's file chooser: the file input itself stays hidden (it cannot be
 * styled as a button), and the button reads as what it does ("Import a registry file…").
 */
export function FileButton({
  accept,
  testId,
  onFile,
  className,
  disabled,
  buttonRef,
  children,
}: {
  accept: string;
  /** The test id of the hidden input, which end-to-end tests hand the file to. */
  testId: string;
  onFile(event: ChangeEvent<HTMLInputElement>): void;
  className: string;
  disabled?: boolean;
  buttonRef?: Ref<HTMLButtonElement>;
  children: ReactNode;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <input ref={input} type="file" accept={accept} hidden onChange={onFile} data-testid={testId} />
      <button ref={buttonRef} type="button" className={className} disabled={disabled} onClick={() => input.current?.click()}>
        {children}
      </button>
    </>
  );
}

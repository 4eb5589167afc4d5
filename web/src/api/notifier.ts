/**
 * How code outside React (the request layer, the card reading button's lockout) shows toasts and confirm boxes.
 * The console's root sets it from antd's `App.useApp()`, so messages follow the theme, locale and direction.
 */
export interface ConfirmOptions {
  title: string;
  content: string;
  okText: string;
  cancelText: string;
  onOk: () => void;
  onCancel?: () => void;
}

export interface Notifier {
  /** An error toast; `seconds` is how long it stays. */
  error(text: string, seconds?: number): void;
  warning(text: string, seconds?: number): void;
  info(text: string, seconds?: number): void;
  success(text: string, seconds?: number): void;
  confirm(options: ConfirmOptions): void;
}

// Before the root mounts (or in a bare test) messages go to the console rather than nowhere.
const consoleNotifier: Notifier = {
  error: (text) => console.error(text),
  warning: (text) => console.warn(text),
  info: (text) => console.info(text),
  success: (text) => console.info(text),
  confirm: (o) => console.warn(o.content),
};

let current: Notifier = consoleNotifier;

/** The notifier in use. */
export function notifier(): Notifier {
  return current;
}

/** Installs a notifier (the root component, or a test's spy); returns a function that restores the previous one. */
export function setNotifier(next: Notifier): () => void {
  const previous = current;
  current = next;
  return () => {
    current = previous;
  };
}

import { CreditCardOutlined } from '@ant-design/icons';
import { LIMITS } from '@lockdesk/protocol';
import { Button, Tooltip } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifier } from '../../api/notifier.ts';
import { errorMessage } from '../../i18n/index.ts';
import { createReadLockout } from './lockout.ts';

/** Starts a card read. The read flow itself comes with the card issue; until then it says so. */
export type StartCardRead = () => void;

export interface CardReadingButtonProps {
  collapsed?: boolean;
  onRead?: StartCardRead;
}

/** The Card Reading button at the bottom of the sidebar, with its 2000 ms lockout. */
export function CardReadingButton({ collapsed = false, onRead }: CardReadingButtonProps) {
  const { t } = useTranslation();
  const lockout = useRef(createReadLockout());
  const [locked, setLocked] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const click = () => {
    if (!lockout.current.tryStart(Date.now())) {
      notifier().warning(errorMessage('READ_TOO_FREQUENT'));
      return;
    }
    setLocked(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setLocked(false), LIMITS.readButtonLockoutMs);
    if (onRead) onRead();
    else notifier().info(t('layout.cardReadingNotBuilt'));
  };

  const label = t('layout.cardReading');
  // Not antd's `disabled`: a disabled button swallows the click that must show the warning.
  const button = (
    <Button
      type="primary"
      block
      icon={<CreditCardOutlined />}
      aria-disabled={locked}
      data-locked={locked ? 'true' : 'false'}
      style={locked ? { opacity: 0.55, cursor: 'not-allowed' } : undefined}
      onClick={click}
    >
      {collapsed ? null : label}
    </Button>
  );
  return collapsed ? (
    <Tooltip title={label} placement="right">
      {button}
    </Tooltip>
  ) : (
    button
  );
}

import { Button, type ButtonProps } from 'antd';
import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router-dom';

/**
 * A button that is a real link (an `<a href>`: open in a new tab works, no button nested in a link) and navigates
 * inside the console on a plain click.
 */
export function LinkButton({ to, ...props }: Omit<ButtonProps, 'href'> & { to: string }) {
  const navigate = useNavigate();
  const onClick = (e: MouseEvent<HTMLElement>) => {
    props.onClick?.(e);
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    navigate(to);
  };
  return <Button {...props} href={to} onClick={onClick} />;
}

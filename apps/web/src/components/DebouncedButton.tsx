import { useEffect, useMemo, useRef, type MouseEvent } from 'react';
import { Button, type ButtonProps } from 'antd';
import { BUTTON_DEBOUNCE_MS } from '../config/constants';
import { debounced, type DebounceMode } from '../utils/debounce';

interface Props extends ButtonProps {
  /** SPEC §9: leading-edge by default (the click acts at once, a double click does not act twice). */
  mode?: DebounceMode;
  wait?: number;
}

/** An antd Button whose clicks are debounced (SPEC §9 button debounce, 800 ms). */
export function DebouncedButton({ mode = 'leading', wait = BUTTON_DEBOUNCE_MS, onClick, ...rest }: Props) {
  const latest = useRef(onClick);
  useEffect(() => {
    latest.current = onClick;
  }, [onClick]);
  const click = useMemo(
    () => debounced((e: MouseEvent<HTMLElement>) => latest.current?.(e as MouseEvent<HTMLButtonElement & HTMLAnchorElement>), mode, wait),
    [mode, wait],
  );
  useEffect(() => click.cancel, [click]);
  return <Button {...rest} onClick={(e) => click(e)} />;
}

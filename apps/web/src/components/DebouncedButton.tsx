import { useEffect, useMemo, useRef, useState, type MouseEvent } from 'react';
import { Button, type ButtonProps } from 'antd';
import { BUTTON_DEBOUNCE_MS } from '../config/constants';
import { debounced, type DebounceMode } from '../utils/debounce';

interface Props extends ButtonProps {
  /** SPEC §9: leading-edge by default (the click acts at once, a double click does not act twice). */
  mode?: DebounceMode;
  wait?: number;
}

/**
 * An antd Button whose clicks are debounced (SPEC §9 button debounce, 800 ms). `data-debounce` says whether a click
 * now would act ("idle") or be held back ("busy"), so browser tests wait for it rather than for a time.
 */
export function DebouncedButton({ mode = 'leading', wait = BUTTON_DEBOUNCE_MS, onClick, ...rest }: Props) {
  const [quiet, setQuiet] = useState(true);
  const latest = useRef(onClick);
  useEffect(() => {
    latest.current = onClick;
  }, [onClick]);
  const click = useMemo(
    () => debounced((e: MouseEvent<HTMLElement>) => latest.current?.(e as MouseEvent<HTMLButtonElement & HTMLAnchorElement>), mode, wait, setQuiet),
    [mode, wait],
  );
  useEffect(() => click.cancel, [click]);
  return <Button {...rest} data-debounce={quiet ? 'idle' : 'busy'} onClick={(e) => click(e)} />;
}

/** What every shell dialog receives from `<ShellDialogs>`. */
export interface DialogBaseProps {
  open: boolean;
  onClose: () => void;
}

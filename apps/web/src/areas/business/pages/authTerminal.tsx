import { authTerminalResource } from '@gx/contract';
import { ResourcePage } from '../../../resources/ResourcePage';
import type { ResourceParts } from '../../../resources/types';
import { MaskedPhoneCell } from '../widgets/MaskedPhoneCell';

const parts: ResourceParts = { cells: { maskedPhone: MaskedPhoneCell } };

/** Terminals that tried the portal, their last phone masked; block and unblock come from the declaration. */
export default function AuthTerminalPage() {
  return <ResourcePage decl={authTerminalResource} parts={parts} />;
}

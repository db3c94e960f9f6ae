import { ProgrammeEditor } from '../studio/ProgrammeEditor';

/** SPEC §2 `/sifamodel/sifa`: programme editing (not cached). */
export default function SifaPage() {
  return <ProgrammeEditor />;
}

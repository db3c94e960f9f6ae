import { tutorialResource } from '@gx/contract';
import { ResourcePage } from '../../../resources/ResourcePage';
import type { ResourceParts } from '../../../resources/types';
import { tutorialVideoWidget } from '../widgets/TutorialVideo';
import '../consult.css';

const parts: ResourceParts = { widgets: { tutorialVideo: tutorialVideoWidget } };

/** Tutorials: the generic list, form and actions, with the video upload. */
export default function TutorialPage() {
  return <ResourcePage decl={tutorialResource} parts={parts} />;
}

import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { gatewaySceneResource } from '@gx/contract';
import { ResourcePage } from '../../../resources/ResourcePage';
import type { CellProps, ResourceParts } from '../../../resources/types';

/** The editor of smart-control scenes, where a scene's trigger and steps are set (its manifest page). */
export const SCENE_EDITOR_PATH = '/allintelligence/allintelligence';

/** A scene's name opens it in the editor. */
function SceneLinkCell({ value, row }: CellProps) {
  return <Link to={`${SCENE_EDITOR_PATH}?id=${row.id}`} data-testid={`scene-link-${row.id}`}>{String(value ?? '')}</Link>;
}

function Header() {
  const { t } = useTranslation();
  return (
    <Link to={SCENE_EDITOR_PATH}>
      <Button type="primary" style={{ marginBottom: 12 }} data-testid="scene-open-editor">{t('scene.openEditor')}</Button>
    </Link>
  );
}

const parts: ResourceParts = { cells: { sceneLink: SceneLinkCell }, header: <Header /> };

/** Scenes as a list (name, place, switch, next and last run); their programmes are edited in the scene editor. */
export default function GatewayScenePage() {
  return <ResourcePage decl={gatewaySceneResource} parts={parts} />;
}

import { UnorderedListOutlined } from '@ant-design/icons';
import { Button, Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { PATHS } from '../../app/paths.ts';
import { FaceEnrol } from '../../shared/faces/FaceEnrol.tsx';

const numberParam = (value: string | null) => {
  const n = Number(value);
  return value && Number.isInteger(n) && n > 0 ? n : undefined;
};

/**
 * Create a face (`/room/buildFace`): the face form with a room picker; `?room_id=` (and `stay_id=`) fix the room
 * and stay when the page is opened from a room. Once saved, the face library opens on the new face.
 */
export default function BuildFacePage() {
  const { t } = useTranslation('faces');
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const roomId = numberParam(search.get('room_id'));
  const stayId = numberParam(search.get('stay_id'));
  return (
    <Card
      title={t('buildTitle')}
      extra={
        <Link to={PATHS.faceHistory}>
          <Button icon={<UnorderedListOutlined />}>{t('actions.library')}</Button>
        </Link>
      }
      data-testid="build-face-page"
    >
      <FaceEnrol
        roomId={roomId}
        stayId={stayId}
        onDone={(face) => navigate(`${PATHS.faceHistory}?keyword=${encodeURIComponent(face.face_id)}`)}
      />
    </Card>
  );
}

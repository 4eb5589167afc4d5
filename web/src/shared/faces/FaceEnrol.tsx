import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { checkFaceId, checkFaceImage, checkFaceNote } from '@lockdesk/protocol';
import { App, Button, Flex, Form, Input, Segmented, Typography, Upload } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Face, useCreateFace } from '../../api/faces.ts';
import { uploadFile } from '../../api/upload.ts';
import { errorMessage } from '../../i18n/index.ts';
import { facesTexts } from '../../i18n/namespaces.ts';
import { ruleOf } from '../rules.ts';
import { WithTexts } from '../WithTexts.tsx';
import { CameraCapture } from './CameraCapture.tsx';
import { RoomStayFields } from './RoomStayFields.tsx';

/** The image types the upload service takes for a face (contract C). */
export const FACE_IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp';

export interface FaceEnrolProps {
  /** The room whose lock gets the face; without it the form offers a room picker (or none: library only). */
  roomId?: number | undefined;
  /** The stay the face belongs to; without it the room's open stays are offered (empty: the current guest). */
  stayId?: number | undefined;
  /** Called with the saved face. */
  onDone?: ((face: Face) => void) | undefined;
}

interface FaceFormValues {
  note: string;
  face_id: string;
  image: File | undefined;
  room_id?: number;
  stay_id?: number;
}

/** The image field: a file or a photo from the camera, with a preview and a way to remove it. */
function FaceImageInput({
  value,
  onChange,
}: {
  value?: File | undefined;
  onChange?: (file: File | undefined) => void;
}) {
  const { t } = useTranslation('faces');
  const [source, setSource] = useState<'file' | 'camera'>('file');
  const [preview, setPreview] = useState('');
  useEffect(() => {
    if (!value) {
      setPreview('');
      return;
    }
    const url = URL.createObjectURL(value);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [value]);

  if (value)
    return (
      <Flex gap={12} align="center" wrap data-testid="face-image-chosen">
        {preview && (
          <img
            src={preview}
            alt={t('image.preview')}
            data-testid="face-image-preview"
            style={{
              width: 120,
              height: 90,
              objectFit: 'cover',
              borderRadius: 8,
              border: '1px solid #d9d9d9',
            }}
          />
        )}
        <Flex vertical gap={4} style={{ minWidth: 0 }}>
          <Typography.Text ellipsis style={{ maxWidth: 200 }}>
            {value.name}
          </Typography.Text>
          <Button
            size="small"
            icon={<DeleteOutlined />}
            onClick={() => onChange?.(undefined)}
            data-testid="face-image-remove"
          >
            {t('image.remove')}
          </Button>
        </Flex>
      </Flex>
    );

  return (
    <Flex vertical gap={8}>
      <Segmented<'file' | 'camera'>
        value={source}
        onChange={setSource}
        data-testid="face-image-source"
        style={{ alignSelf: 'flex-start' }}
        options={[
          { value: 'file', label: t('image.fromFile') },
          { value: 'camera', label: t('image.fromCamera') },
        ]}
      />
      {source === 'file' ? (
        <div data-testid="face-file">
          <Upload
            accept={FACE_IMAGE_ACCEPT}
            maxCount={1}
            showUploadList={false}
            beforeUpload={(file) => {
              onChange?.(file);
              return false;
            }}
          >
            <Button icon={<UploadOutlined />}>{t('image.chooseFile')}</Button>
          </Upload>
          <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0' }}>
            {t('image.formats')}
          </Typography.Paragraph>
        </div>
      ) : (
        <CameraCapture onCapture={(file) => onChange?.(file)} />
      )}
    </Flex>
  );
}

/** The face form itself (its texts must be loaded: use FaceEnrol). */
function FaceForm({ roomId, stayId, onDone }: FaceEnrolProps) {
  const { t } = useTranslation('faces');
  const { message } = App.useApp();
  const [form] = Form.useForm<FaceFormValues>();
  const create = useCreateFace();
  const [uploading, setUploading] = useState(false);
  // A retry after a refused save sends the same picture again without uploading it twice.
  const uploaded = useRef(new WeakMap<File, string>());

  const submit = async (values: FaceFormValues) => {
    const file = values.image;
    if (!file) return;
    let image = uploaded.current.get(file);
    if (!image) {
      setUploading(true);
      try {
        image = (await uploadFile('face', file)).url;
        uploaded.current.set(file, image);
      } catch {
        return; // the upload's refusal has been shown
      } finally {
        setUploading(false);
      }
    }
    try {
      const face = await create.mutateAsync({
        face_id: values.face_id,
        note: values.note,
        image,
        room_id: roomId ?? values.room_id ?? undefined,
        stay_id: stayId ?? values.stay_id ?? undefined,
      });
      message.success(t('messages.created', { faceId: face.face_id }));
      form.resetFields();
      onDone?.(face);
    } catch {
      // the server's refusal has been shown by the request layer
    }
  };

  return (
    <Form<FaceFormValues>
      form={form}
      layout="vertical"
      requiredMark
      onFinish={submit}
      data-testid="face-form"
      style={{ maxWidth: 560 }}
    >
      <Form.Item name="note" label={t('fields.note')} required rules={[ruleOf(checkFaceNote)]}>
        <Input placeholder={t('placeholders.note')} maxLength={64} data-testid="face-note" />
      </Form.Item>
      <Form.Item name="face_id" label={t('fields.faceId')} required rules={[ruleOf(checkFaceId)]}>
        <Input placeholder={t('placeholders.faceId')} maxLength={64} data-testid="face-id" />
      </Form.Item>
      <Form.Item
        name="image"
        label={t('fields.image')}
        required
        rules={[
          {
            validator: async (_rule, value: File | undefined) => {
              const code = checkFaceImage(value ? value.name || 'image' : '');
              if (code) throw new Error(errorMessage(code));
            },
          },
        ]}
      >
        <FaceImageInput />
      </Form.Item>
      <RoomStayFields roomId={roomId} stayId={stayId} />
      <Button
        type="primary"
        htmlType="submit"
        loading={uploading || create.isPending}
        data-testid="face-submit"
      >
        {uploading ? t('messages.uploading') : t('actions.save')}
      </Button>
    </Form>
  );
}

/**
 * Creates a face: note, face id and image (a file or the camera), optionally granted to a room's lock for a stay.
 * Brings its own texts, so the check-in page can embed it.
 */
export function FaceEnrol(props: FaceEnrolProps) {
  return (
    <WithTexts texts={[facesTexts]}>
      <FaceForm {...props} />
    </WithTexts>
  );
}

export default FaceEnrol;

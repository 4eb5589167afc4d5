import { CameraOutlined, PoweroffOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Spin } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The picture a capture produces: JPEG, the type the upload service takes and every lock understands. */
export const CAPTURE_TYPE = 'image/jpeg';
const CAPTURE_QUALITY = 0.9;

type CameraState = 'idle' | 'starting' | 'live' | 'failed';

/** Turns the video's current frame into a JPEG file. */
function grabFrame(video: HTMLVideoElement): Promise<File | null> {
  const canvas = document.createElement('canvas');
  canvas.width = video.videoWidth || 640;
  canvas.height = video.videoHeight || 480;
  const context = canvas.getContext('2d');
  if (!context) return Promise.resolve(null);
  context.drawImage(video, 0, 0, canvas.width, canvas.height);
  return new Promise((resolve) =>
    canvas.toBlob(
      (blob) => resolve(blob ? new File([blob], `camera-${Date.now()}.jpg`, { type: CAPTURE_TYPE }) : null),
      CAPTURE_TYPE,
      CAPTURE_QUALITY,
    ),
  );
}

/**
 * The browser's camera (getUserMedia) with a capture button: the operator starts it, frames the guest's face and
 * takes the photo, which goes to `onCapture` as a JPEG file. The camera is switched off after a capture and when the
 * component leaves the page.
 */
export function CameraCapture({ onCapture }: { onCapture: (file: File) => void }) {
  const { t } = useTranslation('faces');
  const video = useRef<HTMLVideoElement>(null);
  const stream = useRef<MediaStream | null>(null);
  const [state, setState] = useState<CameraState>('idle');
  const [problem, setProblem] = useState('');

  const stop = useCallback(() => {
    for (const track of stream.current?.getTracks() ?? []) track.stop();
    stream.current = null;
    if (video.current) video.current.srcObject = null;
    setState((s) => (s === 'failed' ? s : 'idle'));
  }, []);
  useEffect(() => stop, [stop]);

  const start = async () => {
    setProblem('');
    if (!navigator.mediaDevices?.getUserMedia) {
      setProblem(t('image.cameraUnavailable'));
      setState('failed');
      return;
    }
    setState('starting');
    try {
      const media = await navigator.mediaDevices.getUserMedia({
        video: { facingMode: 'user', width: { ideal: 640 }, height: { ideal: 480 } },
        audio: false,
      });
      stream.current = media;
      const element = video.current;
      if (element) {
        element.srcObject = media;
        await element.play().catch(() => {});
      }
      setState('live');
    } catch (error) {
      setProblem(t('image.cameraFailed', { reason: error instanceof Error ? error.message : String(error) }));
      setState('failed');
    }
  };

  const capture = async () => {
    const element = video.current;
    if (!element) return;
    const file = await grabFrame(element);
    if (!file) {
      setProblem(t('image.captureFailed'));
      return;
    }
    stop();
    onCapture(file);
  };

  return (
    <Flex vertical gap={8} data-testid="camera" data-state={state}>
      {problem && <Alert type="error" showIcon title={problem} data-testid="camera-problem" />}
      <div
        style={{
          display: state === 'live' || state === 'starting' ? 'block' : 'none',
          position: 'relative',
          maxWidth: 320,
          width: '100%',
          aspectRatio: '4 / 3',
          background: '#000',
          borderRadius: 8,
          overflow: 'hidden',
        }}
      >
        {/* A mirror image, as operators expect from a front camera; the captured photo is not mirrored. */}
        <video
          ref={video}
          data-testid="camera-video"
          muted
          playsInline
          style={{ width: '100%', height: '100%', objectFit: 'cover', transform: 'scaleX(-1)' }}
        />
        {state === 'starting' && (
          <Spin style={{ position: 'absolute', insetInlineStart: '50%', top: '50%' }} />
        )}
      </div>
      <Flex gap={8} wrap>
        {state === 'live' ? (
          <>
            {/* Keyed apart from the start button: reusing that one, antd would carry its loading state (which
                ignores clicks) into the capture button for a moment after the camera goes live. */}
            <Button
              key="capture"
              type="primary"
              icon={<CameraOutlined />}
              onClick={capture}
              data-testid="camera-capture"
            >
              {t('image.capture')}
            </Button>
            <Button icon={<PoweroffOutlined />} onClick={stop}>
              {t('image.stopCamera')}
            </Button>
          </>
        ) : (
          <Button
            key="start"
            icon={<CameraOutlined />}
            onClick={start}
            loading={state === 'starting'}
            data-testid="camera-start"
          >
            {t('image.startCamera')}
          </Button>
        )}
      </Flex>
    </Flex>
  );
}

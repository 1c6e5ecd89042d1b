import { lazy, Suspense, useEffect, useRef, useState, type ChangeEvent } from 'react';
import { Alert, AspectRatio, Box, Group, Image, Menu, NativeSelect, Paper, Progress, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MAX_IMAGE_UPLOAD_BYTES, portalVehiclePictureRoute } from '@servicebay/domain';
import { AlertOctagonIcon, CameraIcon, CheckCircleIcon, decodeImageFile, editedFileName, type DecodedImage } from '@servicebay/ui';
import { uploadWithProgress } from '@servicebay/web-core';
import { useServices } from '../context.js';
import { CarThumbnail } from './CarThumbnail.js';
import { profilePicture, showsCarSelector, vehicleChoiceLabel, yearMakeModel } from './profile.js';
import { logEvent } from '../analytics.js';
import { portalDashboardKey } from '../dashboard/query-keys.js';
import { uploadErrorText } from './upload-errors.js';
import type { PortalVehicleWidgetProps } from './widget-props.js';

export type { PortalVehicleWidgetProps } from './widget-props.js';

// The editor loads when a picture is chosen: most visits only look at the car.
const ProfilePictureEditor = lazy(() => import('./ProfilePictureEditor.js').then((m) => ({ default: m.ProfilePictureEditor })));

type Notice = { kind: 'saved' } | { kind: 'refused'; text: string } | null;

/**
 * The profile widget (docs/portal.md "Profile widget"): the selected car's picture (its own, else
 * its latest inspection picture, else the portal's thumbnail), colour, year, make and model, the
 * car selector when the household has more than one vehicle. The picture is a button: the camera
 * or the library, then the 'Profile picture' editor, saved as a JPEG; the vehicles query is
 * refetched and uploadProfilePicture logged.
 */
export function ProfileWidget({ customerId, vehicles, vehicle, selectVehicle }: PortalVehicleWidgetProps) {
  const { t } = useTranslation(['portal', 'files']);
  const { api, session } = useServices();
  const queryClient = useQueryClient();
  const camera = useRef<HTMLInputElement | null>(null);
  const library = useRef<HTMLInputElement | null>(null);
  const pictureButton = useRef<HTMLButtonElement | null>(null);
  const [editing, setEditing] = useState<{ image: DecodedImage; name: string; vehicleId: string } | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const [opening, setOpening] = useState(false);

  // A decoded picture holds memory until closed.
  useEffect(() => () => editing?.image.close?.(), [editing]);
  // Another car: what was said about the previous one goes.
  useEffect(() => setNotice(null), [vehicle?._id]);

  const picture = profilePicture(vehicle);
  const title = vehicle ? yearMakeModel(vehicle) || t('profile.unnamed') : '';
  const unknown = t('profile.unknown');

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    event.currentTarget.value = ''; // the same file may be chosen again
    if (!file || !vehicle) return;
    setNotice(null);
    if (file.size > MAX_IMAGE_UPLOAD_BYTES) {
      setNotice({ kind: 'refused', text: t('profile.tooLarge', { size: MAX_IMAGE_UPLOAD_BYTES / (1024 * 1024) }) });
      return;
    }
    setOpening(true);
    try {
      // Whatever the browser can open (a phone's HEIC included) is turned into the JPEG we send.
      const image = await decodeImageFile(file);
      setEditing({ image, name: file.name, vehicleId: vehicle._id });
    } catch {
      setNotice({ kind: 'refused', text: t('profile.notAPicture') });
    } finally {
      setOpening(false);
    }
  };

  // The editor is gone at once (it unmounts): the keyboard goes back to the picture.
  const closeEditor = () => {
    setEditing(null);
    requestAnimationFrame(() => pictureButton.current?.focus());
  };

  const save = async (jpeg: Blob, onProgress: (fraction: number | null) => void) => {
    if (!editing) return;
    const fileName = editedFileName(editing.name);
    await uploadWithProgress(portalVehiclePictureRoute, {
      params: { vehicleId: editing.vehicleId },
      file: jpeg,
      fileName,
      fields: { fileName },
      getToken: session.getToken,
      onProgress: (p) => onProgress(p.fraction),
    });
    logEvent(api, 'uploadProfilePicture', { vehicleId: editing.vehicleId });
    await queryClient.invalidateQueries({ queryKey: portalDashboardKey(customerId) });
    closeEditor();
    setNotice({ kind: 'saved' });
  };

  return (
    <Paper component="section" withBorder radius="lg" p="md" aria-labelledby="profile-widget-title" data-testid="profile-widget">
      <Stack gap="sm">
        <Title order={2} size="h4" id="profile-widget-title">
          {t('profile.title')}
        </Title>
        {showsCarSelector(vehicles) && (
          <NativeSelect
            label={t('profile.selector')}
            value={vehicle?._id ?? ''}
            onChange={(event) => selectVehicle(event.currentTarget.value)}
            data={vehicles.map((v) => ({ value: v._id, label: vehicleChoiceLabel(v, t('profile.unnamed')) }))}
          />
        )}
        {vehicle ? (
          <>
            {/* No focus placeholder: a focusable presentation element is no child a menu may hold. */}
            <Menu position="bottom" withinPortal shadow="md" disabled={opening} withInitialFocusPlaceholder={false}>
              <Menu.Target>
                <UnstyledButton
                  ref={pictureButton}
                  aria-label={t('profile.changePicture', { vehicle: title })}
                  data-testid="profile-picture-button"
                  style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden', position: 'relative', display: 'block', width: '100%' }}
                >
                  <AspectRatio ratio={4 / 3}>
                    {picture.url ? (
                      <Image src={picture.url} alt="" fit="cover" data-testid="profile-picture" data-source={picture.source} />
                    ) : (
                      <Box data-testid="profile-picture" data-source="default">
                        <CarThumbnail />
                      </Box>
                    )}
                  </AspectRatio>
                  <Group
                    gap={6}
                    pos="absolute"
                    bottom={8}
                    right={8}
                    px={10}
                    py={6}
                    wrap="nowrap"
                    style={{ borderRadius: 999, background: 'rgba(0, 0, 0, 0.72)', color: '#fff' }}
                    aria-hidden="true"
                  >
                    <CameraIcon size={18} />
                    <Text size="sm" c="white" fw={600}>
                      {opening ? t('profile.opening') : t('profile.changeShort')}
                    </Text>
                  </Group>
                </UnstyledButton>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item leftSection={<CameraIcon size={18} />} onClick={() => camera.current?.click()}>
                  {t('profile.takePhoto')}
                </Menu.Item>
                <Menu.Item onClick={() => library.current?.click()}>{t('profile.choosePicture')}</Menu.Item>
              </Menu.Dropdown>
            </Menu>
            {/* Outside the menu, which is gone by the time the picker answers. */}
            <input ref={camera} type="file" accept="image/*" capture="environment" hidden onChange={(e) => void choose(e)} data-testid="profile-picture-camera" />
            <input ref={library} type="file" accept="image/*" hidden onChange={(e) => void choose(e)} data-testid="profile-picture-library" />
            {notice?.kind === 'saved' && (
              <Group gap={6} role="status">
                <CheckCircleIcon size={18} color="var(--mantine-color-green-8)" aria-hidden="true" />
                <Text size="sm">{t('profile.saved')}</Text>
              </Group>
            )}
            {notice?.kind === 'refused' && (
              <Alert color="red" title={t('files:errors.title')} icon={<AlertOctagonIcon />} role="alert" withCloseButton closeButtonLabel={t('profile.dismiss')} onClose={() => setNotice(null)}>
                {notice.text}
              </Alert>
            )}
            {opening && <Progress value={100} animated striped aria-label={t('profile.opening')} size="sm" />}
            <SimpleGrid component="dl" cols={2} spacing="xs" verticalSpacing={4} m={0} data-testid="profile-details">
              {(
                [
                  ['color', vehicle.color],
                  ['year', vehicle.year],
                  ['make', vehicle.make],
                  ['model', vehicle.model],
                ] as const
              ).map(([key, value]) => (
                <Box key={key}>
                  <Text component="dt" size="xs" c="dimmed">
                    {t(`profile.${key}`)}
                  </Text>
                  <Text component="dd" m={0} fw={600}>
                    {value === null || value === '' ? unknown : String(value)}
                  </Text>
                </Box>
              ))}
            </SimpleGrid>
          </>
        ) : (
          <Text c="dimmed">{t('profile.noVehicle')}</Text>
        )}
      </Stack>
      {editing && (
        <Suspense fallback={null}>
          <ProfilePictureEditor image={editing.image} save={save} describeError={(error) => uploadErrorText(t, error)} onClose={closeEditor} />
        </Suspense>
      )}
    </Paper>
  );
}

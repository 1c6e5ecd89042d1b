import { useEffect } from 'react';
import { Badge, Button, Card, Group, List, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import {
  homeRoute,
  HomeRouteError,
  localized,
  type Course,
  type CourseList,
  type User,
} from '@servicebay/domain';
import { AlertBanner, useAlerts } from '@servicebay/ui';
import { useServices } from '../../context.js';
import { PageHeader } from '../../kit/PageHeader.js';
import { useSignedIn, userQueryKey } from '../../session/signed-in.js';
import { useGoTo } from '../../session/useFinishSignIn.js';
import { completeCourse, coursesQuery, coursesQueryKey } from './training-api.js';
import { afterCompletion, COURSE_PARAM, courseFetchReturnsToLogin, mandatoryProgress, type TrainingPageKind } from './training.js';


/**
 * /app/training and /app/education: the courses, one opened at a time (?course=id),
 * marked completed by the worker. A worker held by the mandatory-training guard goes on to its
 * home as soon as the last mandatory course is completed (docs/training.md).
 */
export function TrainingPage({ page }: { page: TrainingPageKind }) {
  const { t, i18n } = useTranslation(['training', 'staff']);
  const { api, session } = useServices();
  const { user, store } = useSignedIn();
  const queryClient = useQueryClient();
  const alerts = useAlerts();
  const goTo = useGoTo();
  const [params, setParams] = useSearchParams();
  const language = i18n.resolvedLanguage;

  const courses = useQuery(coursesQuery(api, user._id));
  const failed = courses.isError && courseFetchReturnsToLogin(courses.error);
  useEffect(() => {
    // A course fetch with 500 or an error returns to the login.
    if (failed) void session.logout('expired');
  }, [failed, session]);

  const goHome = (who: User) => {
    try {
      goTo(homeRoute(who, store), { replace: true });
    } catch (error) {
      if (!(error instanceof HomeRouteError)) throw error;
      goTo('/app/', { replace: true });
    }
  };

  const complete = useMutation({
    mutationFn: (courseId: string) => completeCourse(api, user._id, courseId),
    onSuccess: (answer) => {
      queryClient.setQueryData<CourseList>(coursesQueryKey(user._id), (list) =>
        list
          ? {
              mandatoryTrainingComplete: answer.mandatoryTrainingComplete,
              _embedded: { course: list._embedded.course.map((c) => (c._id === answer.course._id ? answer.course : c)) },
            }
          : list,
      );
      alerts.show({ type: 'success', strongMessage: t('courseSaved'), message: localized(answer.course.title, language) });
      if (afterCompletion(!user.mandatoryTrainingComplete, answer) === 'home') {
        const trained = { ...user, mandatoryTrainingComplete: true };
        queryClient.setQueryData(userQueryKey(user._id), trained);
        goHome(trained);
        return;
      }
      setParams({}, { replace: true });
    },
    onError: () => alerts.show({ type: 'danger', strongMessage: t('completeFailedTitle'), message: t('completeFailed') }),
  });

  const title = t(`staff:pages.${page}.title`);
  const list = courses.data?._embedded.course ?? [];
  const openId = params.get(COURSE_PARAM);
  const open = openId ? list.find((c) => c._id === openId) : undefined;

  if (courses.isPending || failed) {
    return (
      <Stack gap="lg" data-page={page}>
        <PageHeader title={title} purpose={t(`purpose.${page}`)} />
        <Group gap="sm" role="status">
          <Loader size="sm" aria-hidden="true" />
          <Text>{t('loading')}</Text>
        </Group>
      </Stack>
    );
  }

  if (openId) {
    return (
      <Stack gap="lg" data-page={page}>
        <PageHeader title={title} />
        {open ? (
          <CourseReader
            course={open}
            language={language}
            saving={complete.isPending}
            onComplete={() => complete.mutate(open._id)}
            onBack={() => setParams({})}
          />
        ) : (
          <Stack align="flex-start">
            <AlertBanner alert={{ type: 'warning', message: t('notFound') }} />
            <Button variant="default" onClick={() => setParams({})}>
              {t('backToList')}
            </Button>
          </Stack>
        )}
      </Stack>
    );
  }

  const progress = mandatoryProgress(list);
  return (
    <Stack gap="lg" data-page={page}>
      <PageHeader title={title} purpose={t(`purpose.${page}`)} />
      {page === 'training' && progress.total > 0 && (
        <Paper withBorder radius="lg" p="md">
          <Stack gap="xs">
            <Text fw={600} data-testid="training-progress">
              {t('progress', progress)}
            </Text>
            {user.mandatoryTrainingComplete ? (
              <Group justify="space-between">
                <Text>{t('allDone')}</Text>
                <Button onClick={() => goHome(user)}>{t('continue')}</Button>
              </Group>
            ) : (
              <Text c="dimmed">{t('mandatoryIntro')}</Text>
            )}
          </Stack>
        </Paper>
      )}
      {list.length === 0 ? (
        <Paper withBorder radius="lg" p="lg">
          <Text>{t('empty')}</Text>
        </Paper>
      ) : (
        <List listStyleType="none" spacing="md" p={0} aria-label={title}>
          {list.map((course) => (
            <List.Item key={course._id} styles={{ itemWrapper: { width: '100%' }, itemLabel: { width: '100%' } }}>
              <CourseCard course={course} language={language} onOpen={() => setParams({ [COURSE_PARAM]: course._id })} />
            </List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}

function CourseBadges({ course }: { course: Course }) {
  const { t } = useTranslation('training');
  return (
    <Group gap="xs">
      <Badge variant={course.mandatory ? 'filled' : 'outline'} color={course.mandatory ? 'bay.7' : 'dark'}>
        {course.mandatory ? t('mandatory') : t('optional')}
      </Badge>
      <Badge variant="light" color={course.completed ? 'green.9' : 'dark'}>
        {course.completed ? t('completed') : t('notCompleted')}
      </Badge>
    </Group>
  );
}

function CourseCard({ course, language, onOpen }: { course: Course; language: string | undefined; onOpen: () => void }) {
  const { t } = useTranslation('training');
  const title = localized(course.title, language);
  return (
    <Card withBorder radius="lg" padding="lg" data-course={course._id}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <Title order={2} size="h4">
            {title}
          </Title>
          <CourseBadges course={course} />
        </Group>
        <Text c="dimmed">{localized(course.summary, language)}</Text>
        <Group justify="flex-end">
          <Button size="md" variant={course.completed ? 'default' : 'filled'} onClick={onOpen} aria-label={t(course.completed ? 'review' : 'open', { title })}>
            {course.completed ? t('reviewShort') : t('openShort')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

function CourseReader(props: {
  course: Course;
  language: string | undefined;
  saving: boolean;
  onComplete: () => void;
  onBack: () => void;
}) {
  const { course, language } = props;
  const { t } = useTranslation('training');
  const date = course.completedAt ? new Intl.DateTimeFormat(language ?? 'en', { dateStyle: 'long' }).format(new Date(course.completedAt)) : null;
  const sections = course.sections;
  return (
    <Stack gap="lg" component="article" aria-labelledby="course-title">
      <Stack gap="xs">
        <Title order={2} size="h3" id="course-title">
          {localized(course.title, language)}
        </Title>
        <CourseBadges course={course} />
      </Stack>
      {sections.map((section, index) => (
        <Paper key={index} withBorder radius="lg" p="lg" component="section" aria-labelledby={`course-section-${index}`}>
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              {t('section', { number: index + 1, total: sections.length })}
            </Text>
            <Title order={3} size="h4" id={`course-section-${index}`}>
              {localized(section.title, language)}
            </Title>
            {(section.body[language === 'fr' ? 'fr' : 'en'] ?? section.body.en).map((paragraph, p) => (
              <Text key={p}>{paragraph}</Text>
            ))}
          </Stack>
        </Paper>
      ))}
      <Group justify="space-between" wrap="wrap">
        <Button variant="default" size="md" onClick={props.onBack}>
          {t('backToList')}
        </Button>
        {course.completed ? (
          <Text fw={600}>{t('completedOn', { date })}</Text>
        ) : (
          <Stack gap={4} align="flex-end">
            <Button size="md" onClick={props.onComplete} loading={props.saving}>
              {t('markComplete')}
            </Button>
            <Text size="sm" c="dimmed">
              {t('markCompleteHint')}
            </Text>
          </Stack>
        )}
      </Group>
    </Stack>
  );
}

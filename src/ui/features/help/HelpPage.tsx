// /help 'Bantuan Penggunaan' (002 §2.21): the brand's FAQs as an accordion; each answer is the server's HTML
// after DOMPurify (sanitize.ts), so a script in an answer renders inert. 'Help content loaded!' once loaded.
import { Accordion, Alert, Center, Loader, Stack, Text, Title, Typography } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import type { HelpFaq } from '../../../api/contract/help';
import { createHelpApi } from '../../../api/help';
import { errorMessage } from '../../../api/http';
import { HELP_OWN, HELP_TEXTS } from '../../../domain/texts/help';
import { useOptionalServices } from '../../app/services';
import { notify } from '../../components/feedback';
import { sanitizeAnswer } from './sanitize';

type Load =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; faqs: HelpFaq[] };

export function HelpView({ faqs }: { faqs: readonly HelpFaq[] }) {
  if (faqs.length === 0) return <Text c="dimmed">{HELP_OWN.empty}</Text>;
  return (
    <Accordion variant="separated" data-testid="help-faqs">
      {faqs.map((f) => (
        <Accordion.Item key={f.business_user_faq_id} value={String(f.business_user_faq_id)}>
          <Accordion.Control>{f.question}</Accordion.Control>
          <Accordion.Panel>
            <Typography>
              {/* sanitised by DOMPurify just above: no script, handler or javascript: link survives */}
              <div
                data-testid="help-answer"
                // biome-ignore lint/security/noDangerouslySetInnerHtml: the answer is sanitised by sanitizeAnswer
                dangerouslySetInnerHTML={{ __html: sanitizeAnswer(f.answer) }}
              />
            </Typography>
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}

export function HelpPage() {
  const client = useOptionalServices()?.client ?? null;
  const api = useMemo(() => (client ? createHelpApi(client) : null), [client]);
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  useEffect(() => {
    if (!api) return;
    let live = true;
    api.faqs().then(
      (faqs) => {
        if (!live) return;
        setLoad({ status: 'ready', faqs });
        notify('success', HELP_TEXTS.loaded);
      },
      (e: unknown) => {
        if (!live) return;
        const message = errorMessage(e);
        setLoad({ status: 'error', message });
        notify('error', message);
      },
    );
    return () => {
      live = false;
    };
  }, [api]);
  return (
    <Stack gap="md" data-testid="help-page">
      <Title order={1} size="h2">
        {HELP_TEXTS.title}
      </Title>
      {load.status === 'loading' && (
        <Center py="xl">
          <Loader aria-label={HELP_TEXTS.title} />
        </Center>
      )}
      {load.status === 'error' && (
        <Alert color="red" role="alert">
          {load.message}
        </Alert>
      )}
      {load.status === 'ready' && <HelpView faqs={load.faqs} />}
    </Stack>
  );
}

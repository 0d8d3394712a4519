import { ActionIcon, Button, Group, Paper, ScrollArea, Text, Tooltip } from '@mantine/core';
import { useState } from 'react';
import { documentUrl } from '@puja/api-client';
import { t } from '@puja/web-kit';

/** Whether a stored file path is a PDF (the name ends .pdf before any query). */
function isPdf(path: string): boolean {
  return /\.pdf$/i.test(path.split(/[?#]/)[0] ?? '');
}

/**
 * The viewer panel beside the decision buttons: PDFs in the browser's reader, images with zoom
 * and rotate, and a link to open either in a new tab. The signed links come from the server.
 */
export function DocumentViewer({ title, path }: { title: string | null; path: string | null }) {
  const [zoom, setZoom] = useState(1);
  const [turn, setTurn] = useState(0);
  const [shown, setShown] = useState(path);
  if (shown !== path) {
    // A new document starts unzoomed and upright.
    setShown(path);
    setZoom(1);
    setTurn(0);
  }
  if (path === null || title === null) {
    return (
      <Paper withBorder p="lg" h="100%">
        <Text c="dimmed">{t('applications.viewerEmpty')}</Text>
      </Paper>
    );
  }
  const url = documentUrl(path);
  const pdf = isPdf(path);
  return (
    <Paper withBorder p="sm" h="100%" component="section" aria-label={title}>
      <Group justify="space-between" mb="xs">
        <Text fw={600}>{title}</Text>
        <Group gap={4}>
          {!pdf && (
            <>
              <Tooltip label={t('applications.zoomOut')}>
                <ActionIcon
                  variant="default"
                  aria-label={t('applications.zoomOut')}
                  onClick={() => setZoom((z) => Math.max(0.25, z - 0.25))}
                >
                  −
                </ActionIcon>
              </Tooltip>
              <Tooltip label={t('applications.zoomIn')}>
                <ActionIcon
                  variant="default"
                  aria-label={t('applications.zoomIn')}
                  onClick={() => setZoom((z) => Math.min(4, z + 0.25))}
                >
                  +
                </ActionIcon>
              </Tooltip>
              <Tooltip label={t('applications.rotate')}>
                <ActionIcon
                  variant="default"
                  aria-label={t('applications.rotate')}
                  onClick={() => setTurn((r) => (r + 90) % 360)}
                >
                  ⟳
                </ActionIcon>
              </Tooltip>
            </>
          )}
          <Button
            size="xs"
            variant="default"
            component="a"
            href={url}
            target="_blank"
            rel="noopener noreferrer"
          >
            {t('applications.openInNewTab')}
          </Button>
        </Group>
      </Group>
      {pdf ? (
        <iframe title={title} src={url} style={{ width: '100%', height: '70vh', border: 0 }} />
      ) : (
        <ScrollArea h="70vh">
          <img
            src={url}
            alt={title}
            style={{
              maxWidth: '100%',
              transform: `scale(${zoom}) rotate(${turn}deg)`,
              transformOrigin: 'center',
              transition: 'transform 120ms',
            }}
          />
        </ScrollArea>
      )}
    </Paper>
  );
}

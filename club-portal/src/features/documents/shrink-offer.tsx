import { t, useLocale } from '@puja/web-kit';
import { useEffect, useMemo } from 'react';
import { Button } from '../../components/button';
import styles from './shrink-offer.module.css';
import { sizeText } from './size-text';
import { decideOffer, offerOf } from './upload-slots';

/**
 * The offer to make a scanned PDF smaller (issue 31): its size now and after, page 1 as it will
 * be sent, and the two answers ("Make it smaller", "Send it as it is").
 */
export function ShrinkOffer({
  slot: key,
  size,
  smaller,
}: {
  slot: string;
  size: number;
  smaller: number;
}) {
  const locale = useLocale();
  // Page 1 as an object URL while the offer shows (none in a browser without them).
  const preview = useMemo(() => {
    const offer = offerOf(key);
    return offer && typeof URL.createObjectURL === 'function'
      ? URL.createObjectURL(offer.preview)
      : null;
  }, [key]);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);
  return (
    <div className={styles.offer}>
      <p className={styles.text}>
        {t('upload.shrink.offer', {
          before: sizeText(size, locale),
          after: sizeText(smaller, locale),
        })}
      </p>
      {preview ? (
        <figure className={styles.preview}>
          <img src={preview} alt={t('upload.shrink.preview')} />
          <figcaption>{t('upload.shrink.preview')}</figcaption>
        </figure>
      ) : null}
      <div className={styles.answers}>
        <Button onClick={() => void decideOffer(key, true)}>{t('upload.shrink.accept')}</Button>
        <Button variant="secondary" onClick={() => void decideOffer(key, false)}>
          {t('upload.shrink.decline')}
        </Button>
      </div>
    </div>
  );
}

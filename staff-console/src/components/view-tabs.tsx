import { Tabs } from '@mantine/core';
import type { MessageKey } from '@puja/domain';
import { t, useLocale } from '@puja/web-kit';

/**
 * Tabs that choose a view of the list or table below them (the NOC list, the referrals desk):
 * the list is every tab's content, so each tab has an empty panel that keeps its aria-controls
 * valid (axe: aria-valid-attr-value).
 * @example <ViewTabs tabs={REFERRAL_TABS} value={tab} label={(tab) => `referrals.tab.${tab}`} onChange={setTab} />
 */
export function ViewTabs<Tab extends string>({
  tabs,
  value,
  label,
  onChange,
}: {
  tabs: readonly Tab[];
  value: Tab;
  label: (tab: Tab) => MessageKey;
  onChange: (tab: Tab) => void;
}) {
  useLocale();
  return (
    <Tabs value={value} onChange={(tab) => tab && onChange(tab as Tab)}>
      <Tabs.List>
        {tabs.map((tab) => (
          <Tabs.Tab key={tab} value={tab}>
            {t(label(tab))}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {tabs.map((tab) => (
        <Tabs.Panel key={tab} value={tab}>
          {null}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}

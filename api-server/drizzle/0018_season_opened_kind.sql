-- Issue 28: one name per event end to end. The season-opened SMS was written under the kind
-- `seasonOpen` (its DLT template's old key) beside the mail's `seasonOpened`; both are now
-- `seasonOpened`, told apart by their channel.
UPDATE "notification_outbox" SET "kind" = 'seasonOpened' WHERE "kind" = 'seasonOpen';

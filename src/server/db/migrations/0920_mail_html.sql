-- Every mail has an HTML part beside its text (docs/decisions/097), written by the one mail layout.
-- Not null and without a default: a statement that queues a mail without the layout's HTML fails
-- instead of sending a mail outside the layout. Mail queued before has none and goes as text.
alter table mail_outbox add column html text;
update mail_outbox set html = '';
alter table mail_outbox alter column html set not null;
